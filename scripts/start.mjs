// npm start: builds the web app when it is not built yet, then runs the server in this process
// (so SIGTERM/SIGINT reach it directly and it can close gracefully).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start)…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

register();
await import('../server/src/main.ts');
