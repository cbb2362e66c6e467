import { randomBytes } from 'node:crypto';
import type { AdminRepo } from './admin.repo.js';

const SECRET_KEY = 'admin_cookie_secret';

/**
 * The key admin cookies are signed with: ADMIN_SECRET when configured, else one made at first
 * start and kept in the database, so every instance on that database accepts the same cookies.
 */
export async function loadAdminSecret(repo: AdminRepo, configured: string | null): Promise<string> {
  if (configured) return configured;
  const stored = await repo.readSetting(SECRET_KEY);
  if (stored) return stored;
  await repo.insertSettingIfMissing(SECRET_KEY, randomBytes(32).toString('base64url'));
  // Read back rather than trust our own value: an instance starting at the same time may have won.
  const winner = await repo.readSetting(SECRET_KEY);
  if (!winner) throw new Error('the admin secret could not be stored');
  return winner;
}
