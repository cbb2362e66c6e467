import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { parsePublicOrigin } from '../../config.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createLink } from '../short-links/test-helpers.js';

/** The width and height a PNG's IHDR chunk gives. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('branded QR codes', () => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let id: string;

  beforeAll(async () => {
    app = await buildTestApp({ publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
    id = (await createLink(app, owner)).id;
  });
  afterAll(() => app.close());

  const get = (query: string, user = owner) =>
    app.inject({ method: 'GET', url: `/api/urls/${id}/qr${query}`, headers: asUser(user) });

  it('draws an SVG in the owner’s colours, the short URL inside', async () => {
    const response = await get('?format=svg&fg=%231a2b3c&bg=%23fff8e7&size=300&level=H');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="short-link-${id}-qr.svg"`);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="300"/);
    expect(response.body).toContain('<path fill="#fff8e7"');
    expect(response.body).toContain('stroke="#1a2b3c"');
    // Level H holds more correction than the default M, so the same URL needs more modules.
    const plain = await get('?format=svg&size=300');
    const modules = (body: string) => Number(/viewBox="0 0 (\d+) /.exec(body)?.[1]);
    expect(modules(response.body)).toBeGreaterThan(modules(plain.body));
  });

  it('draws a PNG of the asked size on the server', async () => {
    const response = await get('?format=png&size=256');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="short-link-${id}-qr.png"`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(pngSize(bytes)).toEqual({ width: 256, height: 256 });
  });

  it('refuses colours that would not scan, bad sizes and levels, naming the field', async () => {
    const cases: [string, string][] = [
      [
        '?fg=%23eeeeee&bg=%23ffffff',
        'fg: The colours need a contrast of at least 3:1 to scan; these have 1.2:1.',
      ],
      [
        '?fg=%23ffffff&bg=%23000000',
        'fg: The foreground must be darker than the background: many scanners do not read light-on-dark codes.',
      ],
      ['?fg=red', 'fg: a colour as #rrggbb, e.g. #1a2b3c.'],
      ['?size=64', 'size: a whole number of pixels from 128 to 2048.'],
      ['?level=X', 'level: one of L, M, Q, H.'],
      ['?format=gif', 'format: one of svg, png.'],
    ];
    for (const [query, error] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error });
    }
  });

  it('answers 404 for another session’s link and 401 without a session', async () => {
    expect((await get('', await createSession(app))).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/urls/${id}/qr` })).statusCode).toBe(401);
  });
});
