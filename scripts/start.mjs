// npm start: builds the web app, the server and the `hookbay` command when they are not built yet,
// then runs the compiled server in this process (so SIGTERM/SIGINT reach it directly and it can close
// gracefully).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start)…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
if (!existsSync('dist/server/main.js')) {
  console.log('Building the server (first start)…');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}
if (!existsSync('dist/cli/hookbay.mjs')) {
  console.log('Building the hookbay command (first start)…');
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}

await import('../dist/server/main.js');
