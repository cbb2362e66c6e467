/** The bodies of a short link's create and edit, before targeting and splits are added to them. Pure. */
import { z } from 'zod';
import { linkCardSchema } from './link-card.js';
import { linkRoutingBodyShape, linkRoutingUpdateShape } from './link-routing.js';
import { linkDetailsBodyShape, linkDetailsUpdateShape } from './link-tags.js';
import {
  ALIAS_PATTERN,
  ALIAS_RULE_MESSAGE,
  MAX_CLICKS_LIMIT,
  MAX_PASSWORD_LENGTH,
  RESERVED_ALIAS_MESSAGE,
  externalIdSchema,
  isReservedAlias,
  longUrlSchema,
} from './link-urls.js';

const aliasSchema = z
  .string({ error: ALIAS_RULE_MESSAGE })
  .regex(ALIAS_PATTERN, ALIAS_RULE_MESSAGE)
  .refine((alias) => !isReservedAlias(alias), RESERVED_ALIAS_MESSAGE);

const expiresAtSchema = z.iso.datetime({
  offset: true,
  error: 'expiresAt must be a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
});

const maxClicksSchema = z
  .number({ error: 'The click limit must be a whole number of 1 or more.' })
  .int('The click limit must be a whole number of 1 or more.')
  .min(1, 'The click limit must be a whole number of 1 or more.')
  .max(MAX_CLICKS_LIMIT, `The click limit can be at most ${MAX_CLICKS_LIMIT.toLocaleString('en-US')}.`);

const passwordSchema = z
  .string({ error: 'The password must be text.' })
  .min(1, 'The password cannot be empty.')
  .max(MAX_PASSWORD_LENGTH, `The password can be at most ${MAX_PASSWORD_LENGTH} characters.`);

const BODY_SHAPE_MESSAGE = 'Send a JSON body like {"url": "https://example.com"}.';

/**
 * Body of create. The URL arrives trimmed; the server adds its own checks on top. Every option is
 * optional; null stands for "none", as an absent field does.
 */
export const urlBodySchema = z.object(
  {
    url: longUrlSchema,
    alias: aliasSchema.nullish(),
    expiresAt: expiresAtSchema.nullish(),
    maxClicks: maxClicksSchema.nullish(),
    password: passwordSchema.nullish(),
    externalId: externalIdSchema.nullish(),
    ...linkDetailsBodyShape,
    card: linkCardSchema.nullish(),
    ...linkRoutingBodyShape,
  },
  { error: BODY_SHAPE_MESSAGE },
);
export type UrlBody = z.infer<typeof urlBodySchema>;

/**
 * Body of edit: an absent option stays as it is; null removes expiresAt, maxClicks, the password or
 * the externalId.
 * A new alias renames the link (its old short URL stops working); the alias cannot be removed.
 */
export const urlUpdateSchema = z.object(
  {
    url: longUrlSchema,
    alias: aliasSchema.optional(),
    expiresAt: expiresAtSchema.nullable().optional(),
    maxClicks: maxClicksSchema.nullable().optional(),
    password: passwordSchema.nullable().optional(),
    externalId: externalIdSchema.nullable().optional(),
    ...linkDetailsUpdateShape,
    card: linkCardSchema.nullable().optional(),
    ...linkRoutingUpdateShape,
  },
  { error: BODY_SHAPE_MESSAGE },
);
export type UrlUpdate = z.infer<typeof urlUpdateSchema>;
