/**
 * What one write changed in a link, worked out from the link as it was and as it is. Generic on
 * purpose: every field of the stored link takes part unless it is listed below, so a field added
 * to links later is in the history without a change here.
 */
import type { FieldChange, LinkChangeKind, LinkChanges } from '../../../../shared/link-history.js';

/**
 * Not part of a link's history: its identity and counters. `id` and `isAlias` come back as
 * `alias`, the way the API shows them.
 */
const LEFT_OUT = new Set(['id', 'isAlias', 'ownerSessionId', 'createdAt', 'clicks']);

/** Fields whose value is a secret (`passwordHash`): named without `Hash`, their value never shown. */
function isSecret(field: string): boolean {
  return field.endsWith('Hash');
}

/** The fields of a link that its history compares, `alias` in place of `id` and `isAlias`. */
function fieldsOf(link: object | null): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (link === null) return fields;
  const entries: [string, unknown][] = Object.entries(link);
  for (const [field, value] of entries) {
    if (!LEFT_OUT.has(field)) fields.set(field, value);
  }
  const { id, isAlias } = link as { id?: unknown; isAlias?: unknown };
  fields.set('alias', isAlias === true ? id : null);
  return fields;
}

/** JSON with object keys sorted, so that equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const entries: [string, unknown][] = Object.entries(inner);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** A value as the API shows it: times (`…At`, epoch ms) as ISO 8601, absent as null. */
function shown(field: string, value: unknown): unknown {
  if (value === undefined) return null;
  if (field.endsWith('At') && typeof value === 'number') return new Date(value).toISOString();
  return value;
}

function secretChange(before: unknown, after: unknown): FieldChange {
  const isSetBefore = before !== null && before !== undefined;
  const isSetAfter = after !== null && after !== undefined;
  return { from: isSetBefore ? 'set' : null, to: isSetAfter ? (isSetBefore ? 'changed' : 'set') : null };
}

/** True for values that say "nothing here": a new link's history leaves them out. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * The fields that differ between `before` and `after` as `{field: {from, to}}`; `before` null for
 * a new link, whose empty fields are left out. Empty when nothing changed.
 */
export function diffLinks(before: object | null, after: object): LinkChanges {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const changes: LinkChanges = {};
  for (const field of new Set([...old.keys(), ...now.keys()])) {
    const from = old.get(field) ?? null;
    const to = now.get(field) ?? null;
    if (canonical(from) === canonical(to)) continue;
    if (before === null && isEmpty(to)) continue;
    if (isSecret(field)) changes[field.slice(0, -'Hash'.length)] = secretChange(from, to);
    else changes[field] = { from: shown(field, from), to: shown(field, to) };
  }
  return changes;
}

/** What kind of change a write was: a creation, an administrator's (dis/en)abling, or an edit. */
export function kindOf(before: object | null, changes: LinkChanges): LinkChangeKind {
  if (before === null) return 'created';
  const disabled = changes.disabledAt;
  if (disabled) return disabled.to === null ? 'enabled' : 'disabled';
  return 'updated';
}
