import {
  MAX_CONTRACTS,
  MAX_CONTRACT_BYTES,
  type Contract,
  type ContractFields,
} from '../../../../shared/contracts.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { InvalidInputError, NotFoundError } from '../../http/errors.js';
import { compileSchema } from './compile.js';
import type { ContractsRepo } from './contracts.repo.js';
import { createContractsCache, type ContractsCache } from './contracts-cache.js';
import { compileContracts, judgeBody, type ContractJudgement, type JudgedRequest } from './judge-body.js';
import { contractsFromOpenApi } from './openapi-import.js';

export const CONTRACT_NOT_FOUND = 'No contract with this id in this session.';

export interface ContractsService {
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
  judge(
    sessionId: string,
    request: JudgedRequest,
  ): ContractJudgement | null | Promise<ContractJudgement | null>;
}

function checkSize(fields: ContractFields): void {
  if (Buffer.byteLength(JSON.stringify(fields.schema)) > MAX_CONTRACT_BYTES) {
    throw new InvalidInputError(`schema: must be at most ${MAX_CONTRACT_BYTES / 1024 / 1024} MiB as JSON.`);
  }
}

export function createContractsService(deps: {
  repo: ContractsRepo;
  cache?: ContractsCache;
  /** Tells other instances that a session's contracts changed; resolves when they have dropped their copy. */
  announceChange?: (sessionId: string) => Promise<void>;
  now?: () => number;
}): ContractsService {
  const { repo } = deps;
  const cache = deps.cache ?? createContractsCache();
  const announceChange = deps.announceChange ?? (() => Promise.resolve());
  const now = deps.now ?? Date.now;

  async function changed(sessionId: string): Promise<void> {
    cache.delete(sessionId);
    await announceChange(sessionId);
  }

  async function checkRoom(sessionId: string, adding: number): Promise<void> {
    const count = await repo.count(sessionId);
    if (count + adding > MAX_CONTRACTS) {
      throw new InvalidInputError(
        `contracts: a session keeps at most ${MAX_CONTRACTS} contracts; it has ${count}, this adds ${adding}.`,
      );
    }
  }

  async function load(sessionId: string) {
    const generation = cache.generation();
    return cache.fill(sessionId, compileContracts(await repo.list(sessionId)), generation);
  }

  return {
    list: (user) => repo.list(user.sessionId),
    async add(user, fields) {
      checkSize(fields);
      compileSchema(fields.schema);
      await checkRoom(user.sessionId, 1);
      const [added] = await repo.add(user.sessionId, [fields], 'schema', now());
      await changed(user.sessionId);
      // add() returns one row per field given.
      return added as Contract;
    },
    async importOpenApi(user, document) {
      const found = await contractsFromOpenApi(document);
      await checkRoom(user.sessionId, found.length);
      const added = await repo.add(user.sessionId, found, 'openapi', now());
      await changed(user.sessionId);
      return added;
    },
    async update(user, id, fields) {
      checkSize(fields);
      compileSchema(fields.schema);
      const updated = await repo.update(user.sessionId, id, fields);
      if (!updated) throw new NotFoundError(CONTRACT_NOT_FOUND);
      await changed(user.sessionId);
      return updated;
    },
    async remove(user, id) {
      if (!(await repo.remove(user.sessionId, id))) throw new NotFoundError(CONTRACT_NOT_FOUND);
      await changed(user.sessionId);
    },
    judge(sessionId, request) {
      const hit = cache.get(sessionId);
      if (hit === null) return null;
      if (hit !== undefined) return judgeBody(hit, request);
      return load(sessionId).then((compiled) => (compiled ? judgeBody(compiled, request) : null));
    },
  };
}
