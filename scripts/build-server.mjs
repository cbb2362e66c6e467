// Compiles the server into one ES module, dist/server/main.js, so `npm start` runs plain JavaScript
// instead of transpiling TypeScript at run time (the tsx loader costs memory and start-up time).
// Packages stay external: they are loaded from node_modules as usual.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
