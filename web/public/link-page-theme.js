// The short-link pages (expired, password) are served by the server without the web app; this
// applies the theme the visitor picked in the app. A file, not inline, so a strict CSP allows it.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.setAttribute('data-bs-theme', 'dark');
} catch {
  // Storage may be blocked; the light theme stays.
}
