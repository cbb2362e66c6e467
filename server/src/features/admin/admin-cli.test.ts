import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatus } from '../../../../shared/admin.js';
import { storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { createAdminRepo } from './admin.repo.js';
import { grantAdmin, revokeAdmin } from './admin-grants.js';
import { hashClaimToken } from './admin-token.js';
import {
  adminCookieOf,
  asBrowser,
  openAdminTestStore,
  openClaimLink,
  tokenOf,
  type AdminTestStore,
} from './test-helpers.js';
import { parsePublicOrigin } from '../../config.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// Each run starts a Node process with tsx; on a busy two-core runner that takes seconds.
const CLI_TEST_TIMEOUT_MS = 60_000;
const CLAIM_LINK = /^http:\/\/localhost:4321\/api\/admin\/claim\/([A-Za-z0-9_-]{43})$/;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(storageBackends)('npm run admin on $name', ({ postgres }) => {
  let store: AdminTestStore;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
  });

  afterAll(async () => {
    await store.close();
  });

  /** Runs the real CLI as an operator would, against the test's database. */
  function runCli(...args: string[]): Promise<CliResult> {
    const env = {
      ...process.env,
      DATA_DIR: store.config.dataDir,
      DATABASE_URL: store.config.databaseUrl ?? '',
      PORT: '4321',
      PUBLIC_URL: '',
      ADMIN_SECRET: '',
    };
    return new Promise((resolve) => {
      execFile(
        'npx',
        ['tsx', 'server/src/cli/admin.ts', ...args],
        { cwd: REPO_ROOT, env },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  it(
    'grant prints a one-time link as its last line that makes the session’s browser an admin',
    async () => {
      const owner = await createSession(store.app);
      const result = await runCli('grant', owner.sessionId);
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      const lastLine = lines.at(-1) ?? '';
      expect(lastLine).toMatch(CLAIM_LINK);
      // A browser that reached Hookbay at 127.0.0.1 holds its session there: the same link is named for it.
      expect(lines.at(-2)).toBe(
        `If you use Hookbay at http://127.0.0.1:4321, open ${lastLine.replace('localhost', '127.0.0.1')} instead.`,
      );
      const claim = await openClaimLink(store.app, tokenOf(lastLine), owner);
      expect(claim.statusCode).toBe(302);

      const revoked = await runCli('revoke', owner.sessionId);
      expect(revoked.code).toBe(0);
      const check = await store.app.inject({
        method: 'GET',
        url: '/api/admin/check-status',
        ...asBrowser(owner, adminCookieOf(claim)),
      });
      expect(check.json<AdminStatus>().isAdmin).toBe(false);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'exits non-zero with a clear message for an unknown session or bad arguments',
    async () => {
      const unknown = await runCli('grant', randomUUID());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No session');
      const usage = await runCli('promote');
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run admin');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it('builds the link on PUBLIC_URL when set, and stores only the token’s hash', async () => {
    const owner = await createSession(store.app);
    const config = { ...store.config, publicOrigin: parsePublicOrigin('https://hooks.example.com') };
    const { claimUrl, alternativeUrl, expiresAt } = await grantAdmin(
      store.database.db,
      owner.sessionId,
      config,
      { now: () => 1000 },
    );
    expect(claimUrl).toMatch(/^https:\/\/hooks\.example\.com\/api\/admin\/claim\/[A-Za-z0-9_-]{43}$/);
    // A public address has no other name to offer.
    expect(alternativeUrl).toBeNull();
    expect(expiresAt).toBe(1000 + 15 * 60 * 1000);
    const token = tokenOf(claimUrl);
    const stored = await createAdminRepo(store.database.db).findClaimToken(hashClaimToken(token));
    expect(stored).toMatchObject({ sessionId: owner.sessionId, usedAt: null, expiresAt });
    const rows = await store.database.db.selectFrom('admin_claim_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses to grant or revoke a session that does not exist', async () => {
    const missing = randomUUID();
    await expect(grantAdmin(store.database.db, missing, store.config)).rejects.toThrow('No session');
    await expect(revokeAdmin(store.database.db, missing)).rejects.toThrow('No session');
  });

  it('revoking a session that never was admin says so and grants nothing', async () => {
    const user = await createSession(store.app);
    expect(await revokeAdmin(store.database.db, user.sessionId)).toEqual({ wasAdmin: false });
    expect(await createAdminRepo(store.database.db).findGrant(user.sessionId)).toMatchObject({
      isAdmin: false,
    });
  });
});
