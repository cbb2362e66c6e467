/**
 * The small pages a short link answers with instead of a redirect (expired, limit reached,
 * disabled, password), also used for a refused admin link. Plain server-rendered HTML styled by
 * the web app's own stylesheet, with no inline script or style, so they work under a strict
 * Content-Security-Policy.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface LinkPage {
  title: string;
  message: string;
  /**
   * A password form posting to `action`, with an error above it when set. `referer` is where the
   * visitor came from before the form, carried along so that the click records it.
   */
  passwordForm?: { action: string; error: string | null; referer: string | null };
  /** The button under the message (without a password form); by default "Go to Hookbay". */
  action?: { href: string; label: string };
  /** The line under the card; by default "Short link by Hookbay". */
  footer?: string;
}

const HOME_ACTION = { href: '/', label: 'Go to Hookbay' };

/** The web app's own theme script, served from its public files beside these pages (script-src 'self'). */
const THEME_SCRIPT = '/theme-init.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The stylesheet links of the built web app's page (hashed file names), or none when it is not built. */
export function appStylesheetsOf(webDir: string | null): string[] {
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  if (!indexFile || !fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  );
}

/** The date a link expired, in words: "November 23, 2026, 22:15 UTC". */
export function expiryText(expiresAt: number): string {
  const text = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(expiresAt));
  return `${text} UTC`;
}

function formHtml(form: NonNullable<LinkPage['passwordForm']>): string {
  const error = form.error
    ? `<div class="alert alert-danger py-2" role="alert">${escapeHtml(form.error)}</div>`
    : '';
  const referer = form.referer
    ? `\n<input type="hidden" name="referer" value="${escapeHtml(form.referer)}">`
    : '';
  return `${error}<form method="post" action="${escapeHtml(form.action)}">${referer}
<label class="form-label" for="password">Password</label>
<input class="form-control mb-3" type="password" id="password" name="password" required autofocus autocomplete="current-password">
<button class="btn btn-primary w-100" type="submit">Continue</button>
</form>`;
}

/** The whole page. */
export function renderLinkPage(page: LinkPage, stylesheets: readonly string[]): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n');
  const action = page.action ?? HOME_ACTION;
  const body = page.passwordForm
    ? formHtml(page.passwordForm)
    : `<a class="btn btn-outline-primary" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>`;
  return `<!doctype html>
<html lang="en" data-bs-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} – Hookbay</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${links}
<script src="${THEME_SCRIPT}"></script>
</head>
<body class="bg-body-tertiary">
<main class="container py-5">
<div class="row justify-content-center">
<div class="col-sm-10 col-md-7 col-lg-5">
<div class="card shadow-sm">
<div class="card-body p-4">
<h1 class="h4 mb-3">${escapeHtml(page.title)}</h1>
<p class="text-body-secondary">${escapeHtml(page.message)}</p>
${body}
</div>
</div>
<p class="text-center text-body-secondary small mt-3 mb-0">${escapeHtml(page.footer ?? 'Short link by Hookbay')}</p>
</div>
</div>
</main>
</body>
</html>
`;
}
