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

  it('leads home by default, or to the button and footer a page names, escaped', () => {
    const plain = renderLinkPage({ title: 'Gone', message: 'It is gone.' }, []);
    expect(plain).toContain('<a class="btn btn-outline-primary" href="/">Go to Hookbay</a>');
    expect(plain).toContain('>Short link by Hookbay</p>');
    const named = renderLinkPage(
      {
        title: 'Refused',
        message: 'Try the other address.',
        action: { href: 'http://127.0.0.1:3000/a?b=1&c="2"', label: 'Open <here>' },
        footer: 'Admin link by Hookbay',
      },
      [],
    );
    expect(named).toContain(
      '<a class="btn btn-outline-primary" href="http://127.0.0.1:3000/a?b=1&#38;c=&#34;2&#34;">Open &#60;here&#62;</a>',
    );
    expect(named).toContain('>Admin link by Hookbay</p>');
    expect(named).not.toContain('Short link by Hookbay');
  });
});
