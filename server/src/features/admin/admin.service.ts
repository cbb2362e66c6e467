import type { AdminCheck } from '../../http/admin-guard.js';
import { HttpError } from '../../http/errors.js';
import type { AdminRepo } from './admin.repo.js';
import { signAdminCookie, verifyAdminCookie } from './admin-cookie.js';
import { hashClaimToken, isClaimTokenShape } from './admin-token.js';

/** Why a claim link was refused: the link itself, or the browser that opened it. */
export type ClaimRefusal = 'invalid' | 'used' | 'expired' | 'revoked' | 'wrong-browser';

/** A refused claim link; the route shows it as a page. */
export class ClaimRefusedError extends HttpError {
  constructor(
    readonly reason: ClaimRefusal,
    message: string,
  ) {
    super(reason === 'wrong-browser' ? 403 : 400, message);
  }
}

export interface ClaimedAdmin {
  sessionId: string;
  /** Value for the admin cookie. */
  cookieValue: string;
}

export interface AdminService extends AdminCheck {
  /**
   * Redeems a one-time link for the browser holding `browserSessionId` and returns the cookie to
   * set. Throws ClaimRefusedError (400 for an unknown, used, expired or revoked link; 403 when the
   * browser holds another session or none).
   */
  claim(token: string, browserSessionId: string | null): Promise<ClaimedAdmin>;
}

const RUN_GRANT_AGAIN = 'Run `npm run admin -- grant <sessionId>` for a new link.';
const UNKNOWN_LINK = `This admin link is not valid. ${RUN_GRANT_AGAIN}`;
const USED_LINK = `This admin link has already been used. ${RUN_GRANT_AGAIN}`;
const EXPIRED_LINK = `This admin link has expired. ${RUN_GRANT_AGAIN}`;
const REVOKED_LINK = `The admin rights this link was made for have been taken back. ${RUN_GRANT_AGAIN}`;
const WRONG_BROWSER = 'Open this link in the browser where you use Hookbay, at the same address.';

export function createAdminService(deps: {
  repo: AdminRepo;
  secret: string;
  now?: () => number;
}): AdminService {
  const { repo, secret } = deps;
  const now = deps.now ?? Date.now;

  return {
    async isAdmin(sessionId, adminCookie) {
      const claim = verifyAdminCookie(secret, adminCookie);
      if (!claim || claim.sessionId !== sessionId) return false;
      // Read on every call, not cached: `npm run admin -- revoke` runs in another process.
      const grant = await repo.findGrant(sessionId);
      return grant?.isAdmin === true && grant.generation === claim.generation;
    },

    async claim(token, browserSessionId) {
      const tokenHash = isClaimTokenShape(token) ? hashClaimToken(token) : null;
      const stored = tokenHash ? await repo.findClaimToken(tokenHash) : null;
      if (!tokenHash || !stored) throw new ClaimRefusedError('invalid', UNKNOWN_LINK);
      if (stored.usedAt !== null) throw new ClaimRefusedError('used', USED_LINK);
      if (stored.expiresAt <= now()) throw new ClaimRefusedError('expired', EXPIRED_LINK);
      // Not consumed here: the owner may simply have opened it in the wrong browser first.
      if (browserSessionId !== stored.sessionId) throw new ClaimRefusedError('wrong-browser', WRONG_BROWSER);
      const grant = await repo.findGrant(stored.sessionId);
      if (!grant?.isAdmin || grant.generation !== stored.generation) {
        throw new ClaimRefusedError('revoked', REVOKED_LINK);
      }
      if (!(await repo.useClaimToken(tokenHash, now()))) throw new ClaimRefusedError('used', USED_LINK);
      const cookieValue = signAdminCookie(secret, {
        sessionId: stored.sessionId,
        generation: grant.generation,
      });
      return { sessionId: stored.sessionId, cookieValue };
    },
  };
}
