import { describe, expect, it } from 'vitest';
import { buildTestApp, storageBackends } from '../../../test/app.js';
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
