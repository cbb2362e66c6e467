// Builds the `hookbay` command into one ES module, dist/cli/hookbay.mjs: the TypeScript in cli/
// with everything it imports (the Model Context Protocol SDK and zod included), so that the file
// runs with Node 20 alone, is what package.json's bin names, and is what the server serves at
// /cli/hookbay.mjs. Fails when the bundle would still import a package.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_OUTFILE = path.join(ROOT, 'dist/cli/hookbay.mjs');

/**
 * zod bundles the error messages of some forty languages and switches to none of them by itself;
 * only English is kept, which cuts the file by a third.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!args.importer.includes(`${path.sep}zod${path.sep}`)) return undefined;
      return { path: path.resolve(path.dirname(args.importer), args.path), namespace: 'zod-english-only' };
    });
    builder.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(path.dirname(args.path), 'en.js'))};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

export async function buildCli() {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const result = await build({
    entryPoints: [path.join(ROOT, 'cli/main.ts')],
    outfile: CLI_OUTFILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    metafile: true,
    define: { HOOKBAY_VERSION: JSON.stringify(version) },
    plugins: [zodEnglishOnly],
    banner: {
      js: [
        '#!/usr/bin/env node',
        `// hookbay ${version}: the Hookbay command line (forward, replay, wait, mcp, serve), one file for Node 20.`,
        '// Run `node hookbay.mjs --help`. Built from cli/ of the Hookbay repository; bundled packages keep their licences (end of file).',
      ].join('\n'),
    },
    logLevel: 'warning',
  });
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
  // (`hookbay serve` loads the built server by a path worked out at run time, which is not listed here.)
  const packages = imports.filter((entry) => entry.external && !builtins.has(entry.path));
  if (packages.length > 0) {
    throw new Error(`dist/cli/hookbay.mjs would import ${packages.map((entry) => entry.path).join(', ')}`);
  }
  return CLI_OUTFILE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
}
