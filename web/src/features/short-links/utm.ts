/**
 * The UTM builder of the Add and Edit URL forms, as pure functions over the destination itself:
 * the fields are read from its query and written back into it, so the URL in the form is always
 * the one that will be stored. Only the utm_ pair touched changes; every other character of the
 * URL stays as it was typed (no re-encoding, no added slash).
 */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmValues = Record<UtmField, string>;

interface UrlParts {
  /** Everything before '?' (or before '#' when there is no query). */
  base: string;
  /** The query's pairs as written, without '?'. */
  pairs: string[];
  /** '#' and what follows, or ''. */
  hash: string;
}

function partsOf(url: string): UrlParts {
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const rest = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  if (queryAt === -1) return { base: rest, pairs: [], hash };
  const query = rest.slice(queryAt + 1);
  return { base: rest.slice(0, queryAt), pairs: query === '' ? [] : query.split('&'), hash };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A stray % is shown as typed.
    return text;
  }
}

function nameOf(pair: string): string {
  const equals = pair.indexOf('=');
  return decode(equals === -1 ? pair : pair.slice(0, equals));
}

function valueOf(pair: string): string {
  const equals = pair.indexOf('=');
  return equals === -1 ? '' : decode(pair.slice(equals + 1));
}

/** The UTM fields the URL carries now ('' for those it does not); the first of a repeated one counts. */
export function utmOf(url: string): UtmValues {
  const values: UtmValues = {
    utm_source: '',
    utm_medium: '',
    utm_campaign: '',
    utm_term: '',
    utm_content: '',
  };
  const seen = new Set<string>();
  for (const pair of partsOf(url).pairs) {
    const name = nameOf(pair);
    if (!(UTM_FIELDS as readonly string[]).includes(name) || seen.has(name)) continue;
    seen.add(name);
    values[name as UtmField] = valueOf(pair);
  }
  return values;
}

/** True when the URL carries any UTM field. */
export function hasUtm(url: string): boolean {
  return Object.values(utmOf(url)).some((value) => value !== '');
}

/**
 * The URL with `field` set to `value` (encoded), in the place it had, else at the end of the query
 * and before any '#'; an empty value removes the field.
 */
export function withUtm(url: string, field: UtmField, value: string): string {
  const { base, pairs, hash } = partsOf(url);
  const pair = `${field}=${encodeURIComponent(value)}`;
  const next: string[] = [];
  let isPlaced = false;
  for (const existing of pairs) {
    if (nameOf(existing) !== field) next.push(existing);
    else if (!isPlaced && value !== '') next.push(pair);
    if (nameOf(existing) === field) isPlaced = true;
  }
  if (!isPlaced && value !== '') next.push(pair);
  return `${base}${next.length > 0 ? `?${next.join('&')}` : ''}${hash}`;
}
