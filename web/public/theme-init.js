// Applies the saved theme before the first paint so a dark page never flashes light. A plain file
// (not inline in index.html) so the pages' Content-Security-Policy needs no 'unsafe-inline'.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.setAttribute('data-bs-theme', 'dark');
} catch {
  // Storage can be blocked (privacy settings); the page then starts light.
}
