/**
 * The contract verdict of one captured request, from a session's compiled contracts: the first
 * contract covering the request (method, path glob, header) judges its JSON body. Requests with
 * no JSON body (empty, cut off at the capture limit, encoded, or not JSON) get no verdict.
 */
import {
  compileTarget,
  firstCoveringContract,
  type Contract,
  type ContractTarget,
} from '../../../../shared/contracts.js';
import type { ContractVerdict } from '../../../../shared/verdicts.js';
import { compileSchema, violationsOf, type JsonValidator } from './compile.js';
import { NOT_JSON, readJsonBody, type BodyOfRequest } from './json-body.js';

/** A session's contracts, each compiled once. */
export interface CompiledContracts {
  contracts: Contract[];
  targets: ContractTarget[];
  validators: JsonValidator[];
}

export interface JudgedRequest extends BodyOfRequest {
  method: string;
  path: string;
  /** The body as readJsonBody reads it, when the caller has it read once (the capture path). */
  json?: () => unknown;
}

/** Validators already compiled, by their schema as JSON text. */
export type KnownValidators = Map<string, JsonValidator>;

/** Each contract's validator, by its schema as JSON text, for the next compile to reuse. */
export function validatorsBySchema(compiled: CompiledContracts | null | undefined): KnownValidators {
  const known: KnownValidators = new Map();
  compiled?.contracts.forEach((contract, index) => {
    const validate = compiled.validators[index];
    if (validate) known.set(JSON.stringify(contract.schema), validate);
  });
  return known;
}

/**
 * Compiles every contract, reusing a `known` validator for a schema compiled before (compiling is
 * the slow part, and a change touches one contract of up to 50). They compiled when saved, so this
 * only throws if a stored one was altered.
 */
export function compileContracts(
  contracts: Contract[],
  known: KnownValidators = new Map(),
): CompiledContracts | null {
  if (contracts.length === 0) return null;
  return {
    contracts,
    targets: contracts.map(compileTarget),
    validators: contracts.map(
      // A first load knows nothing: no schema is written out as text for nothing.
      (contract) =>
        (known.size > 0 ? known.get(JSON.stringify(contract.schema)) : undefined) ??
        compileSchema(contract.schema),
    ),
  };
}

/** The verdict of the first contract covering the request; null when none covers it or it has no JSON body. */
export function judgeBody(compiled: CompiledContracts, request: JudgedRequest): ContractVerdict | null {
  const index = firstCoveringContract(compiled.targets, request.method, request.path, request.rawHeaders);
  const contract = compiled.contracts[index];
  const validate = compiled.validators[index];
  if (!contract || !validate) return null;
  const body = request.json ? request.json() : readJsonBody(request);
  if (body === NOT_JSON) return null;
  const named = { contractId: contract.id, contractName: contract.name };
  if (validate(body)) return { status: 'pass', ...named };
  return { status: 'fail', ...named, violations: violationsOf(validate.errors ?? [], body) };
}
