/** The error of short links that carries more than a message: a taken alias, with a free one to offer. */
import { HttpError } from '../../http/errors.js';

export class AliasTakenError extends HttpError {
  constructor(readonly suggestion: string | null) {
    super(409, 'This alias is already taken; choose another.');
  }
}
