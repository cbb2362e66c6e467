/**
 * The folder of Hookbay's package.json, found from this file rather than the working directory:
 * the same whether the server runs from its sources (server/src/…), compiled in a checkout
 * (dist/server/main.js) or from the package installed anywhere (node_modules/hookbay/dist/…).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) return process.cwd();
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
