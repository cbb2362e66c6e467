/** Texts of the "Copy as" menu. */
export const snippetMessages = {
  menu: 'Copy as…',
  curl: 'cURL',
  httpie: 'HTTPie',
  fetch: 'JavaScript (fetch)',
  python: 'Python (requests)',
  copied: (what: string) => `${what} code copied to clipboard`,
} as const;
