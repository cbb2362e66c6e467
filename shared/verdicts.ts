/**
 * What Hookbay judged of a request when it arrived: its signature (checked with the session's signing
 * secrets) and its contract. Judged once, stored with the request, and read everywhere else.
 */

/** Wrong signature, timestamp outside the tolerance, signature header missing. */
export type SignatureFailure = 'signature' | 'timestamp' | 'missing';

export type SignatureVerdict =
  | { status: 'valid'; secretId: string; secretName: string; scheme: string }
  | {
      status: 'invalid';
      secretId: string;
      secretName: string;
      scheme: string;
      reason: SignatureFailure;
      message: string;
    };

export interface ContractViolation {
  pointer: string;
  expected: string;
  actual: string;
  message: string;
}

export type ContractVerdict =
  | { status: 'pass'; contractId: string; contractName: string }
  | { status: 'fail'; contractId: string; contractName: string; violations: ContractViolation[] };

/** `{}` when nothing judged the request. */
export interface EventVerdicts {
  signature?: SignatureVerdict;
  contract?: ContractVerdict;
}

export const SIGNATURE_STATUSES = ['valid', 'invalid'] as const;
export const CONTRACT_STATUSES = ['pass', 'fail'] as const;
