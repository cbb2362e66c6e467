/**
 * Response headers that act on the browser's state for the whole origin they come from: cookies
 * and site storage. A webhook URL is served from Hookbay's own origin, so what it answers (a
 * scripted response, a forwarded one) may never carry them.
 */
export const BROWSER_STATE_HEADERS = ['set-cookie', 'set-cookie2', 'clear-site-data'] as const;

export function actsOnBrowserState(name: string): boolean {
  return (BROWSER_STATE_HEADERS as readonly string[]).includes(name.toLowerCase());
}
