/**
 * Path globs, as rules, signing secrets and contracts name the paths below a webhook URL they
 * cover: `*` matches any run of characters, `/` included; everything else is literal.
 */

import { z } from 'zod';

/** Long enough for any real path pattern; keeps a rule's regular expression small. */
export const MAX_RULE_PATH_LENGTH = 1000;

/** A path glob: `*` alone, or starting with `/`; no whitespace, `?` or `#` (the query is not matched). */
export function isValidPathGlob(glob: string): boolean {
  return (
    glob.length > 0 &&
    glob.length <= MAX_RULE_PATH_LENGTH &&
    (glob.startsWith('/') || glob.startsWith('*')) &&
    !/[\s?#]/.test(glob)
  );
}

/** A path glob field of a form or an API body; `*` (every path) when left out. */
export const pathGlobSchema = z
  .string({ error: 'The path must be text.' })
  .refine((path) => isValidPathGlob(path), {
    error: 'The path must start with / or *, with no spaces, ? or #, for example /github/*.',
  })
  .default('*');

/** A regular expression for a path glob: `*` matches any run of characters, `/` included; all else is literal. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's');
}
