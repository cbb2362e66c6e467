/** A link's options as the body sends them, turned into what the store keeps. */
import { InvalidInputError } from '../../http/errors.js';
import { hashPassword } from './password.js';

export const EXPIRY_IN_PAST_MESSAGE = 'The expiry date must be in the future.';

/** An ISO expiry as epoch ms; a past one refused, naming its field, where `mustBeFuture`. */
export function parseExpiry(
  value: string | null | undefined,
  now: number,
  mustBeFuture: boolean,
): number | null | undefined {
  if (value === undefined || value === null) return value;
  const at = Date.parse(value);
  if (mustBeFuture && at <= now) throw new InvalidInputError(`expiresAt: ${EXPIRY_IN_PAST_MESSAGE}`);
  return at;
}

/** A password as its hash; null and undefined stay as they are. */
export async function passwordHashOf(
  password: string | null | undefined,
): Promise<string | null | undefined> {
  return typeof password === 'string' ? hashPassword(password) : password;
}
