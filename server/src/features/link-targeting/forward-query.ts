/**
 * Query-string forwarding: a visit's query merged into the destination's, the visit's values
 * winning on the same name. Works on the raw text so that the destination's own encoding is kept
 * byte for byte (URLSearchParams would re-encode `/`, `:` and spaces).
 */

/** A query parameter's name or value as a server reads it (`+` a space); the raw text if malformed. */
export function decodeQueryPart(raw: string): string {
  const spaced = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function nameOf(pair: string): string {
  const equals = pair.indexOf('=');
  return decodeQueryPart(equals === -1 ? pair : pair.slice(0, equals));
}

/** Only printable ASCII can go into a Location header unchanged. */
const SAFE_QUERY = /^[\x21-\x7e]*$/;

/**
 * `location` (a URL as URL.href writes it) with the visit's query (without its `?`) merged in:
 * the destination's parameters keep their place, a name the visit also sends takes the visit's
 * value(s) there, the visit's other parameters follow in their order; the fragment stays last.
 */
export function withVisitQuery(location: string, visitQuery: string): string {
  const visitPairs = visitQuery.split('&').filter((pair) => pair !== '');
  if (visitPairs.length === 0) return location;
  const hashAt = location.indexOf('#');
  const fragment = hashAt === -1 ? '' : location.slice(hashAt);
  const beforeHash = hashAt === -1 ? location : location.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const ownPairs = queryAt === -1 ? [] : beforeHash.slice(queryAt + 1).split('&');

  const visitByName = new Map<string, string[]>();
  for (const pair of visitPairs) {
    const name = nameOf(pair);
    const values = visitByName.get(name);
    if (values) values.push(pair);
    else visitByName.set(name, [pair]);
  }
  const merged: string[] = [];
  for (const pair of ownPairs) {
    if (pair === '') continue;
    const name = nameOf(pair);
    const replacement = visitByName.get(name);
    if (!replacement) merged.push(pair);
    else if (replacement.length > 0) {
      merged.push(...replacement);
      // Later pairs of the same name are dropped: the visit's values stand in for all of them.
      visitByName.set(name, []);
    }
  }
  for (const pairs of visitByName.values()) merged.push(...pairs);
  const result = `${base}?${merged.join('&')}${fragment}`;
  // A visit may send bytes a header cannot carry as they are; URL encodes them as a browser would.
  return SAFE_QUERY.test(visitQuery) ? result : new URL(result).href;
}
