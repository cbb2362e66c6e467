/**
 * The API reference page and the two small files of ours it loads: the script that starts Swagger
 * UI and the stylesheet that gives the page Hookbay's header, its dark theme and readable colours.
 * The theme comes from the web app's own /theme-init.js, so the page follows the theme switch.
 */

export const DOCS_PAGE = `<!doctype html>
<html lang="en" data-bs-theme="light">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Hookbay API reference</title>
    <link rel="icon" href="/favicon.svg" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/hookbay-docs.css" />
    <script src="/theme-init.js"></script>
  </head>
  <body>
    <header class="hb-docs-header">
      <a class="hb-docs-brand" href="/">Hookbay</a>
      <span class="hb-docs-title">API reference</span>
      <a class="hb-docs-back" href="/">&larr; Back to Hookbay</a>
    </header>
    <main id="docs"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

// Swagger UI styles its dark theme under html.dark-mode. Deep links are left off: they put a link
// inside each operation's toggle button, which screen readers cannot reach as either.
export const START_SCRIPT = `if (document.documentElement.getAttribute('data-bs-theme') === 'dark') {
  document.documentElement.classList.add('dark-mode');
}
SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: false });
`;

/*
 * Swagger UI's method labels and a few accents are white on light colours (1.6-3.6:1); these take
 * darker shades of the same hues so every text reaches 4.5:1 in both themes.
 */
export const DOCS_STYLES = `html { background: #fff; }
html[data-bs-theme='dark'] { background: #1c2022; color-scheme: dark; }
body { margin: 0; }

.hb-docs-header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  max-width: 1460px;
  box-sizing: border-box;
  margin: 0 auto;
  padding: 0.75rem 20px;
  border-bottom: 1px solid #d9dee3;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  color: #212529;
}
.hb-docs-brand { font-weight: 700; font-size: 1.25rem; color: inherit; text-decoration: none; }
.hb-docs-title { color: #495057; }
.hb-docs-back { margin-left: auto; color: #0a58ca; }
.hb-docs-back:hover { color: #084298; }
html[data-bs-theme='dark'] .hb-docs-header { border-color: #495057; color: #e4e6e6; }
html[data-bs-theme='dark'] .hb-docs-title { color: #b7bcbf; }
html[data-bs-theme='dark'] .hb-docs-back { color: #6ea8fe; }
html[data-bs-theme='dark'] .hb-docs-back:hover { color: #8bb9fe; }

.swagger-ui .opblock .opblock-summary-method { color: #fff; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b63b0; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #187a4f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a65a00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c42b2b; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f7a63; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #7a10d8; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0d5aa7; }
.swagger-ui .info .title small.version-stamp { background-color: #2f6f00; }
.swagger-ui .info .base-url, .swagger-ui .info a.link .url, .swagger-ui .info a { color: #1f5fae; }
.swagger-ui .btn.authorize { color: #187a4f; border-color: #187a4f; }
.swagger-ui .btn.authorize span { color: #187a4f; }
.swagger-ui .btn.authorize svg { fill: #187a4f; }
html.dark-mode .swagger-ui .info .base-url, html.dark-mode .swagger-ui .info a.link .url, html.dark-mode .swagger-ui .info a { color: #6ea8fe; }
html.dark-mode .swagger-ui .btn.authorize, html.dark-mode .swagger-ui .btn.authorize span { color: #75b798; border-color: #75b798; }
html.dark-mode .swagger-ui .btn.authorize svg { fill: #75b798; }
`;
