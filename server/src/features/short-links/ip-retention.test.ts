import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  TEST_DATABASE_URL,
  buildTestApp,
  freshPostgresUrl,
  storageBackends,
  testConfig,
} from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { createLink, readAnalytics, visit } from './test-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(storageBackends)('click IP retention on $name', ({ postgres }) => {
  it('cuts IPs to their network after CLICK_IP_RETENTION_DAYS and keeps the place', async () => {
    const app = await buildTestApp({ postgres, clickIpRetentionDays: 7 });
    try {
      const owner = await createSession(app);
      const link = await createLink(app, owner);
      await visit(app, link.id, { remoteAddress: '8.8.4.4' });
      await visit(app, link.id, { remoteAddress: '2001:4860:4860::8844' });
      await visit(app, link.id, { remoteAddress: '::ffff:81.2.69.142' });
      const now = Date.now();

      expect(await app.services.clicks.anonymizeOldClickIps(now + 6 * DAY_MS)).toBe(0);
      expect(await app.services.clicks.anonymizeOldClickIps(now + 8 * DAY_MS)).toBe(3);
      expect(await app.services.clicks.anonymizeOldClickIps(now + 9 * DAY_MS)).toBe(0);

      const { recentClicks, uniqueVisitors } = await readAnalytics(app, owner, link.id);
      expect(recentClicks.map(({ ip, country, isp }) => ({ ip, country, isp }))).toEqual([
        { ip: '81.2.69.0', country: 'GB', isp: expect.stringContaining('Andrews') },
        { ip: '2001:4860:4860::', country: 'US', isp: 'Google LLC' },
        { ip: '8.8.4.0', country: 'US', isp: 'Google LLC' },
      ]);
      expect(uniqueVisitors).toBe(3);
    } finally {
      await app.close();
    }
  });
});

// Several instances share PostgreSQL only; SQLite serves one process.
describe.runIf(TEST_DATABASE_URL)('click IP retention on several instances', () => {
  it('two instances running the retention at once leave every click cut to its network, without errors', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    // Two apps on one store, as two instances on one database.
    const config = testConfig({ databaseUrl, clickIpRetentionDays: 7 });
    const first = await buildApp(config);
    const second = await buildApp(config);
    try {
      const owner = await createSession(first);
      const link = await createLink(first, owner);
      for (let index = 0; index < 20; index++)
        await visit(first, link.id, { remoteAddress: `8.8.4.${index}` });
      const later = Date.now() + 8 * DAY_MS;

      const changed = await Promise.all([
        first.services.clicks.anonymizeOldClickIps(later),
        second.services.clicks.anonymizeOldClickIps(later),
      ]);
      expect(changed[0] + changed[1]).toBeGreaterThanOrEqual(20);
      expect(await first.services.clicks.anonymizeOldClickIps(later)).toBe(0);
      const { recentClicks } = await readAnalytics(second, owner, link.id);
      expect(new Set(recentClicks.map((click) => click.ip))).toEqual(new Set(['8.8.4.0']));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
