import {
  MAX_CONTRACTS,
  MAX_CONTRACT_BYTES,
  type Contract,
  type ContractFields,
} from '../../../../shared/contracts.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { InvalidInputError, NotFoundError } from '../../http/errors.js';
import { compileSchema, type JsonValidator } from './compile.js';
import type { ContractsRepo } from './contracts.repo.js';
import {
  createSessionCache,
  type SessionCache,
  type SessionCacheBus,
} from '../session-cache/session-cache.js';
import type { Judge, JudgeResult } from '../webhooks/judges.js';
import { compileContracts, judgeBody, validatorsBySchema, type CompiledContracts } from './judge-body.js';
import { contractsFromOpenApi } from './openapi-import.js';

export const CONTRACT_NOT_FOUND = 'No contract with this id in this session.';

/** Each session's compiled contracts, or null when it has none. */
export type ContractsCache = SessionCache<CompiledContracts | null>;

export function createContractsCache(bus?: SessionCacheBus, limit?: number): ContractsCache {
  return createSessionCache<CompiledContracts | null>({ name: 'contracts', bus, limit });
}

export interface ContractsService extends Judge {
  list(user: SessionUser): Promise<Contract[]>;
  /** Adds a contract at the end; InvalidInputError when its schema does not compile or the session is full. */
  add(user: SessionUser, fields: ContractFields): Promise<Contract>;
  /** Adds the contracts of an OpenAPI document (JSON or YAML text); InvalidInputError saying where it is wrong. */
  importOpenApi(user: SessionUser, document: string): Promise<Contract[]>;
  /** NotFoundError when the session has no such contract. */
  update(user: SessionUser, id: string, fields: ContractFields): Promise<Contract>;
  /** NotFoundError when the session has no such contract. */
  remove(user: SessionUser, id: string): Promise<void>;
  /**
   * The contract verdict of a captured request, or null when no contract covers it. Answers at once
   * when the session's compiled contracts are in memory (always, after its first capture), else a
   * promise: a session without contracts costs one map lookup.
   */
  judge: Judge['judge'];
}

function checkSize(fields: ContractFields): void {
  if (Buffer.byteLength(JSON.stringify(fields.schema)) > MAX_CONTRACT_BYTES) {
    throw new InvalidInputError(`schema: must be at most ${MAX_CONTRACT_BYTES / 1024 / 1024} MiB as JSON.`);
  }
}

export function createContractsService(deps: {
  repo: ContractsRepo;
  /** Shared with the other instances through its bus. */
  cache?: ContractsCache;
  now?: () => number;
}): ContractsService {
  const { repo } = deps;
  const cache = deps.cache ?? createContractsCache();
  const now = deps.now ?? Date.now;

  const load = async (sessionId: string) => compileContracts(await repo.list(sessionId));

  /**
   * Compiles the session's new list here, reusing what this instance compiled before and the
   * validators `fresh` from this change, and has every other instance drop its copy.
   */
  async function changed(sessionId: string, fresh: [Record<string, unknown>, JsonValidator][] = []) {
    const known = validatorsBySchema(cache.get(sessionId));
    for (const [schema, validate] of fresh) known.set(JSON.stringify(schema), validate);
    await cache.change(sessionId, compileContracts(await repo.list(sessionId), known));
  }

  function verdictOf(
    compiled: CompiledContracts | null,
    request: Parameters<Judge['judge']>[1],
  ): JudgeResult | null {
    if (!compiled) return null;
    const contract = judgeBody(compiled, request);
    return contract ? { verdicts: { contract } } : null;
  }

  async function checkRoom(sessionId: string, adding: number): Promise<void> {
    const count = await repo.count(sessionId);
    if (count + adding > MAX_CONTRACTS) {
      throw new InvalidInputError(
        `contracts: a session keeps at most ${MAX_CONTRACTS} contracts; it has ${count}, this adds ${adding}.`,
      );
    }
  }

  return {
    list: (user) => repo.list(user.sessionId),
    async add(user, fields) {
      checkSize(fields);
      const validate = compileSchema(fields.schema);
      await checkRoom(user.sessionId, 1);
      const [added] = await repo.add(user.sessionId, [fields], 'schema', now());
      await changed(user.sessionId, [[fields.schema, validate]]);
      // add() returns one row per field given.
      return added as Contract;
    },
    async importOpenApi(user, document) {
      const found = await contractsFromOpenApi(document);
      await checkRoom(user.sessionId, found.length);
      const added = await repo.add(
        user.sessionId,
        found.map(({ fields }) => fields),
        'openapi',
        now(),
      );
      await changed(
        user.sessionId,
        found.map(({ fields, validate }) => [fields.schema, validate]),
      );
      return added;
    },
    async update(user, id, fields) {
      checkSize(fields);
      const validate = compileSchema(fields.schema);
      const updated = await repo.update(user.sessionId, id, fields);
      if (!updated) throw new NotFoundError(CONTRACT_NOT_FOUND);
      await changed(user.sessionId, [[fields.schema, validate]]);
      return updated;
    },
    async remove(user, id) {
      if (!(await repo.remove(user.sessionId, id))) throw new NotFoundError(CONTRACT_NOT_FOUND);
      await changed(user.sessionId);
    },
    judge(sessionId, request) {
      const compiled = cache.read(sessionId, () => load(sessionId));
      if (compiled instanceof Promise) return compiled.then((loaded) => verdictOf(loaded, request));
      return verdictOf(compiled, request);
    },
  };
}
