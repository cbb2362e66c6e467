/**
 * The signature judge of the capture path: the session's first secret (in list order) whose path glob
 * covers the capture's path checks its signature with node:crypto, synchronously. Secrets are compiled
 * once per session into a per-session cache; a session without secrets costs one Map lookup.
 */
import { globToRegExp } from '../../../../shared/path-glob.js';
import { secretKey, TIMESTAMPED_SCHEMES, type VerifyProblem } from '../../../../shared/signatures/schemes.js';
import {
  isWithinTolerance,
  verifySignature,
  type HmacFunction,
} from '../../../../shared/signatures/verify.js';
import type { SignatureFailure, SignatureVerdict } from '../../../../shared/verdicts.js';
import {
  createSessionCache,
  type SessionCache,
  type SessionCacheBus,
} from '../session-cache/session-cache.js';
import type { Judge, JudgedRequest, JudgeResult } from '../webhooks/judges.js';
import { toHeaderMap } from '../webhooks/event-view.js';
import { hmacForKey } from './keyed-hmac.js';
import type { StoredSecret } from './signing-secrets.repo.js';

export interface CompiledSecret extends StoredSecret {
  covers(path: string): boolean;
  /** The secret's HMAC key (null: it cannot be one), derived once. */
  key: Uint8Array<ArrayBuffer> | null;
  hmac: HmacFunction;
}

/** A session's secrets, compiled, in list order; [] when it has none. */
export type SecretsCache = SessionCache<CompiledSecret[]>;

export function createSecretsCache(bus?: SessionCacheBus): SecretsCache {
  return createSessionCache<CompiledSecret[]>({ name: 'signing-secrets', bus });
}

export function compileSecrets(secrets: StoredSecret[]): CompiledSecret[] {
  return secrets.map((secret) => {
    const pattern = globToRegExp(secret.path);
    const key = secretKey(secret.scheme, secret.secret);
    return { ...secret, covers: (path) => pattern.test(path), key, hmac: hmacForKey(key) };
  });
}

function problemFailure(problem: VerifyProblem): [SignatureFailure, string] {
  switch (problem.problem) {
    case 'missing-header':
      return ['missing', `The request has no ${problem.header} header.`];
    case 'stripe-malformed':
      return ['signature', 'Stripe-Signature should hold t=<timestamp> and at least one v1=<signature>.'];
    case 'standard-secret-malformed':
      return ['signature', 'The secret is not whsec_ followed by base64.'];
    default:
      return ['signature', 'The secret or its settings cannot check this request.'];
  }
}

/** The verdict of one secret on one request. */
export function judgeWith(secret: CompiledSecret, request: JudgedRequest): SignatureVerdict {
  const who = { secretId: secret.id, secretName: secret.name, scheme: secret.scheme };
  const outcome = verifySignature(
    {
      scheme: secret.scheme,
      headers: toHeaderMap(request.rawHeaders),
      body: request.body,
      secret: secret.secret,
      key: secret.key,
      custom: secret.custom ?? undefined,
      now: request.receivedAt,
    },
    secret.hmac,
  );
  const invalid = (reason: SignatureFailure, message: string): SignatureVerdict => ({
    status: 'invalid',
    ...who,
    reason,
    message,
  });
  if ('problem' in outcome) return invalid(...problemFailure(outcome));
  if (!outcome.isValid)
    return invalid('signature', `The ${outcome.header} signature does not match the secret.`);
  if (
    TIMESTAMPED_SCHEMES.includes(secret.scheme) &&
    !isWithinTolerance(outcome.ageSeconds, secret.toleranceSeconds)
  ) {
    return invalid(
      'timestamp',
      `The signed timestamp is ${outcome.ageSeconds} seconds from the time it arrived, past the ${secret.toleranceSeconds}-second tolerance.`,
    );
  }
  return { status: 'valid', ...who };
}

function judgeSecrets(secrets: CompiledSecret[], request: JudgedRequest): JudgeResult | null {
  const secret = secrets.find((each) => each.covers(request.path));
  if (!secret) return null;
  const signature = judgeWith(secret, request);
  const refuses = signature.status === 'invalid' && secret.refuseInvalid;
  return {
    verdicts: { signature },
    ...(refuses ? { refusal: { status: 401, error: `signature: ${signature.message}` } } : {}),
  };
}

export function createSignatureJudge(deps: {
  cache: SecretsCache;
  load: (sessionId: string) => Promise<StoredSecret[]>;
}): Judge {
  return {
    judge(sessionId, request) {
      const secrets = deps.cache.read(sessionId, async () => compileSecrets(await deps.load(sessionId)));
      if (secrets instanceof Promise) return secrets.then((loaded) => judgeSecrets(loaded, request));
      return secrets.length === 0 ? null : judgeSecrets(secrets, request);
    },
  };
}
