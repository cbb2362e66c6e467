// npm test: every test. The browser journeys (one at a time, mostly waiting on Chromium) run in a
// vitest of their own beside the rest (mostly waiting on the database and on servers), so the two
// share the machine's cores instead of queueing one after the other. The web app, the server and
// the `hookbay` command are built once first, for both. Arguments (`npm test -- path/to/file`) run
// one vitest with them, as usual.
import { execFileSync, spawn } from 'node:child_process';

const vitest = 'node_modules/vitest/vitest.mjs';
const args = process.argv.slice(2);

function run(vitestArgs, env = process.env) {
  const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs], { stdio: 'inherit', env });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (args.length > 0) {
  process.exit(await run(args));
}

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
const built = { ...process.env, HOOKBAY_TEST_BUILT: '1' };
const codes = await Promise.all([
  run(['--project', 'e2e'], built),
  // Two workers even on two cores: these tests mostly wait on servers and databases, and one
  // worker left the machine half idle.
  run(['--project', 'server', '--project', 'cli', '--project', 'web', '--maxWorkers', '2'], built),
]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
