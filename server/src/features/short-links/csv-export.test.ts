import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { CHROME_UA, createLink, visit } from './test-helpers.js';

describe.each(storageBackends)('click CSV export on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  it('exports every click as an attachment, quoted and safe to open in a spreadsheet', async () => {
    const link = await createLink(app, owner);
    await visit(app, link.id, { remoteAddress: '8.8.8.8', referer: 'https://a.example/?x=1,2&q="hi"' });
    await visit(app, link.id, {
      userAgent: '=HYPERLINK("https://evil.example","click")',
      remoteAddress: '127.0.0.1',
    });

    // A download link cannot send headers, so the session rides in the query string.
    const response = await app.inject({
      method: 'GET',
      url: `/s/${link.id}/analytics?format=csv&sessionId=${owner.sessionId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="hookbay-${link.id}-clicks.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,timestamp,ip,city,region,country,isp,userAgent,referer,isBot,botReason');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,8\\.8\\.8\\.8,,,US,Google LLC,"${escape(CHROME_UA)}",` +
          `"https://a\\.example/\\?x=1,2&q=""hi""",false,$`,
      ),
    );
    expect(lines[2]).toContain(
      `,127.0.0.1,,,Local network,Local network,"'=HYPERLINK(""https://evil.example"",""click"")",,true,`,
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
