/**
 * `hookbay serve`: runs the server built beside this file (dist/server/main.js next to
 * dist/cli/hookbay.mjs in the package), in this process, as `npm start` does. The server reads its
 * settings from the environment; --port and --host only set PORT and HOST.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServeCommand } from './setup-args.js';

/** The built server of the package this file belongs to, or null when there is none beside it. */
export function builtServerOf(cliFile: string): string | null {
  const main = path.resolve(path.dirname(cliFile), '../server/main.js');
  return fs.existsSync(main) ? main : null;
}

/** Resolves once the server listens (it then runs until a signal closes it); answers 1 when there is none to run. */
export async function serve(command: ServeCommand): Promise<number | null> {
  const main = builtServerOf(fileURLToPath(import.meta.url));
  if (!main) {
    process.stderr.write(
      'hookbay serve runs the Hookbay server of an installed package, and there is none beside this file.\n' +
        'Install the package (npm install <hookbay package>, then npx hookbay serve), or in a checkout run npm start.\n',
    );
    return 1;
  }
  if (command.port !== undefined) process.env.PORT = String(command.port);
  if (command.host !== undefined) process.env.HOST = command.host;
  // Not bundled: the server is a file of its own, with its packages installed beside the package.
  await import(pathToFileURL(main).href);
  return null;
}
