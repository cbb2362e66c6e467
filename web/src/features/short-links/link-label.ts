/**
 * What tells one short link from another in a list: long URLs usually share their start (scheme,
 * host, the first folders), so a row shows the host and the end of the path instead.
 */

/** Longest query string shown after the path; campaign links often differ only there. */
const QUERY_MAX = 24;

export interface DestinationLabel {
  /** The host without "www.", with its port if any: "docs.example.com". */
  host: string;
  /** The last part of the path, and the query: "/…/webhooks?ref=mail"; '' for the bare host. */
  pathEnd: string;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The host and the path's last segment (earlier ones folded into "…") of a destination URL. */
export function destinationLabel(url: string): DestinationLabel {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { host: url, pathEnd: '' };
  }
  const host = parsed.host.replace(/^www\./i, '');
  const segments = parsed.pathname.split('/').filter(Boolean).map(decoded);
  const trailingSlash = segments.length > 0 && parsed.pathname.endsWith('/') ? '/' : '';
  const last = segments.at(-1);
  const path = last === undefined ? '' : `${segments.length > 1 ? '/…' : ''}/${last}${trailingSlash}`;
  const query = decoded(parsed.search);
  return { host, pathEnd: path + (query.length > QUERY_MAX ? `${query.slice(0, QUERY_MAX)}…` : query) };
}
