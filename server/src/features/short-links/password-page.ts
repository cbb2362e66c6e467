/** The page a password-protected short link shows first, and the fields its form posts. */
import type { LinkPage } from './link-page.js';

/** `query` (without `?`) rides along in the form's address, so that it still reaches the destination. */
export function passwordPage(
  id: string,
  error: string | null,
  referer: string | null,
  query: string,
): LinkPage {
  const action = `/s/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
  return {
    title: 'This link is password-protected',
    message: 'Enter the password you were given to continue to the page it leads to.',
    passwordForm: { action, error, referer },
  };
}

/** A field of the password form; '' when missing. */
export function formField(body: unknown, name: 'password' | 'referer'): string {
  if (body instanceof URLSearchParams) return body.get(name) ?? '';
  if (typeof body === 'object' && body !== null && name in body) {
    const value: unknown = (body as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  }
  return '';
}
