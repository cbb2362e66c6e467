// Compiles the server into ES modules, dist/server/main.js and its chunks, so `npm start` runs
// plain JavaScript instead of transpiling TypeScript at run time (the tsx loader costs memory and
// start-up time).
// Packages stay external: they are loaded from node_modules as usual.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// The primary of WORKERS > 1 loads only its own part (server/src/main.ts imports each side when it
// runs it): code splitting puts the rest, and the packages it imports, in chunks of their own.
// Chunks of an earlier build are removed first.
rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/src/main.ts'],
  outdir: 'dist/server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
