/** Errors of short links that carry more than a message: the free alias, the wait before retrying. */
import { HttpError } from '../../http/errors.js';

export class AliasTakenError extends HttpError {
  constructor(readonly suggestion: string | null) {
    super(409, 'This alias is already taken; choose another.');
  }
}

export class TooManyLinksError extends HttpError {
  constructor(
    message: string,
    /** Seconds until one more link may be created. */
    readonly retryAfterS: number,
  ) {
    super(429, message);
  }
}
