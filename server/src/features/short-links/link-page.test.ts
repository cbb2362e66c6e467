import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderLinkPage } from './link-page.js';

/** The web app's public files, which the server serves at the site's root. */
const WEB_PUBLIC = new URL('../../../../web/public/', import.meta.url);

describe('renderLinkPage', () => {
  it("applies the visitor's theme with the web app's own theme script", () => {
    const html = renderLinkPage({ title: 'Link expired', message: 'This link has expired.' }, []);
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/theme-init.js']);
    expect(fs.existsSync(fileURLToPath(new URL('theme-init.js', WEB_PUBLIC)))).toBe(true);
  });
});
