// The command is tested as users run it: the built file, so build it once before the tests.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  // `npm test` builds it once for every vitest it starts.
  if (process.env.HOOKBAY_TEST_BUILT === '1') return;
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
