/** A captured body read as JSON, by the rule contracts and type inference share. */

export interface BodyOfRequest {
  rawHeaders: readonly (readonly [string, string])[];
  body: Buffer;
  truncated: boolean;
}

export const NOT_JSON = Symbol('not JSON');

function headerOf(rawHeaders: BodyOfRequest['rawHeaders'], name: string): string | null {
  const found = rawHeaders.find(([key]) => key.toLowerCase() === name);
  return found ? found[1] : null;
}

/**
 * The body as JSON, or NOT_JSON when it is empty, cut off at the capture limit, content-encoded,
 * or not JSON. Without a JSON content type (`application/json`, `…+json`), only a body that is an
 * object or an array counts.
 */
export function readJsonBody(request: BodyOfRequest): unknown {
  if (request.truncated || request.body.length === 0) return NOT_JSON;
  const encoding = headerOf(request.rawHeaders, 'content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return NOT_JSON;
  const type = headerOf(request.rawHeaders, 'content-type')?.toLowerCase() ?? '';
  const text = request.body.toString('utf8');
  if (!/[/+]json\b/.test(type) && !/^\s*[[{]/.test(text)) return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** A capture's body as JSON, parsed at most once: the judges read it, the stored event's view reuses it. */
export interface JsonBodyOnce {
  /** readJsonBody's answer, worked out on the first call only. */
  read(): unknown;
  /** The JSON value when read() was called and found one; undefined otherwise (JSON.parse never gives undefined). */
  parsed(): unknown;
}

export function jsonBodyOnce(request: BodyOfRequest): JsonBodyOnce {
  let value: unknown;
  let isRead = false;
  return {
    read() {
      if (!isRead) {
        value = readJsonBody(request);
        isRead = true;
      }
      return value;
    },
    parsed: () => (value === NOT_JSON ? undefined : value),
  };
}
