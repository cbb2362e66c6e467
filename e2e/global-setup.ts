// Browser journeys run against the built web app, so build it once before them: the production
// build users get (vitest's NODE_ENV=test would otherwise make Vite bundle React's development build).
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  // `npm test` builds it once for every vitest it starts.
  if (process.env.HOOKBAY_TEST_BUILT === '1') return;
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
