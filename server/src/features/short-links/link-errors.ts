/** The error of short links that carries more than a message: a taken alias, with a free one to offer. */
import { HttpError } from '../../http/errors.js';

export class AliasTakenError extends HttpError {
  constructor(readonly suggestion: string | null) {
    super(409, 'This alias is already taken; choose another.');
  }
}

/** Another link of the session already has this externalId; `id` names that link. */
export class ExternalIdTakenError extends HttpError {
  override readonly extra: Readonly<Record<string, unknown>>;

  constructor(readonly existingId: string | null) {
    super(409, 'You already have a link with this externalId; choose another or edit that link.');
    this.extra = existingId === null ? {} : { id: existingId };
  }
}
