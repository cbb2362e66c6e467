// npm run dev: the server with reload on change, plus Vite's dev server (http://localhost:5173)
// proxying the API, capture, short links and the socket to it.
import { execFileSync, spawn } from 'node:child_process';

// The server serves the built `hookbay` command at /cli/hookbay.mjs: built once here (a change in cli/
// shows after a restart).
execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
