import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../../shared/sessions.js';
import {
  MAX_SIGNING_SECRETS,
  secretHint,
  type NewSigningSecret,
  type SigningSecret,
  type SigningSecretInput,
  type SigningSecretUpdate,
} from '../../../../shared/signing-secrets.js';
import { InvalidInputError, NotFoundError } from '../../http/errors.js';
import type { Judge } from '../webhooks/judges.js';
import { compileSecrets, createSignatureJudge, type SecretsCache } from './signing-secrets.judge.js';
import type { SigningSecretsRepo, StoredSecret } from './signing-secrets.repo.js';

export interface SigningSecretsService {
  list(user: SessionUser): Promise<SigningSecret[]>;
  /** Answers the secret's value: the only time it is answered. Throws past MAX_SIGNING_SECRETS. */
  add(user: SessionUser, input: SigningSecretInput): Promise<NewSigningSecret>;
  /** Throws NotFoundError when the session has no such secret. */
  update(user: SessionUser, id: string, input: SigningSecretUpdate): Promise<SigningSecret>;
  /** Throws NotFoundError when the session has no such secret. */
  remove(user: SessionUser, id: string): Promise<void>;
  /** The capture path's judge of signatures. */
  judge: Judge;
}

const NOT_FOUND = 'This signing secret does not exist.';

/** What every answer shows of a secret: never its value. */
function publicView(secret: StoredSecret): SigningSecret {
  return {
    id: secret.id,
    name: secret.name,
    scheme: secret.scheme,
    custom: secret.custom,
    path: secret.path,
    toleranceSeconds: secret.toleranceSeconds,
    refuseInvalid: secret.refuseInvalid,
    hint: secretHint(secret.secret),
    createdAt: new Date(secret.createdAt).toISOString(),
  };
}

export function createSigningSecretsService(deps: {
  repo: SigningSecretsRepo;
  cache: SecretsCache;
  now?: () => number;
}): SigningSecretsService {
  const now = deps.now ?? Date.now;

  /** Saves the session's new list into the cache here and drops it on the other instances. */
  async function refresh(sessionId: string): Promise<StoredSecret[]> {
    const secrets = await deps.repo.list(sessionId);
    await deps.cache.change(sessionId, compileSecrets(secrets));
    return secrets;
  }

  function settingsOf(input: SigningSecretUpdate) {
    return {
      name: input.name,
      scheme: input.scheme,
      custom: input.scheme === 'custom' ? (input.custom ?? null) : null,
      path: input.path,
      toleranceSeconds: input.toleranceSeconds,
      refuseInvalid: input.refuseInvalid,
    };
  }

  return {
    async list(user) {
      return (await deps.repo.list(user.sessionId)).map(publicView);
    },
    async add(user, input) {
      const existing = await deps.repo.list(user.sessionId);
      if (existing.length >= MAX_SIGNING_SECRETS) {
        throw new InvalidInputError(`A webhook URL can have at most ${MAX_SIGNING_SECRETS} signing secrets.`);
      }
      const stored: StoredSecret = {
        id: `sec_${randomUUID().replaceAll('-', '')}`,
        ...settingsOf(input),
        secret: input.secret,
        // After every secret the session has, even one added in the same millisecond: the list
        // (created_at, then id) is the order in which the first covering secret judges a capture.
        createdAt: Math.max(now(), ...existing.map((each) => each.createdAt + 1)),
      };
      await deps.repo.insert(user.sessionId, stored);
      await refresh(user.sessionId);
      return { ...publicView(stored), secret: input.secret };
    },
    async update(user, id, input) {
      const current = (await deps.repo.list(user.sessionId)).find((each) => each.id === id);
      if (!current) throw new NotFoundError(NOT_FOUND);
      const next: StoredSecret = { ...current, ...settingsOf(input), secret: input.secret ?? current.secret };
      if (!(await deps.repo.update(user.sessionId, next))) throw new NotFoundError(NOT_FOUND);
      await refresh(user.sessionId);
      return publicView(next);
    },
    async remove(user, id) {
      if (!(await deps.repo.remove(user.sessionId, id))) throw new NotFoundError(NOT_FOUND);
      await refresh(user.sessionId);
    },
    judge: createSignatureJudge({ cache: deps.cache, load: (sessionId) => deps.repo.list(sessionId) }),
  };
}
