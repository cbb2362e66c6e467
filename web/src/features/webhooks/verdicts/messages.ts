import type { SignatureFailure } from '../../../../../shared/verdicts';
import { schemeLabel } from '../verify/messages';

/** Texts of the contract verdict on list rows and in the request details. */
export const verdictMessages = {
  pass: 'Contract ✓',
  fail: 'Contract ✗',
  passTitle: (name: string) => `The body follows the contract "${name}".`,
  failTitle: (name: string, count: number) =>
    `The body breaks the contract "${name}" in ${count} place${count === 1 ? '' : 's'}.`,
  section: 'Contract',
  passed: (name: string) => `Follows the contract "${name}".`,
  failed: (name: string, count: number) =>
    `Breaks the contract "${name}" in ${count} place${count === 1 ? '' : 's'}:`,
  pointer: 'Where',
  expected: 'Expected',
  actual: 'Came',
  wholeBody: '(the whole body)',
} as const;

const FAILURES: Record<SignatureFailure, string> = {
  signature: 'wrong signature',
  timestamp: 'timestamp outside the tolerance',
  missing: 'signature header missing',
};

/** Texts of the signature verdict on list rows and in the request details. */
export const signatureVerdictMessages = {
  valid: 'Signature ✓',
  invalid: 'Signature ✗',
  validShort: 'Sig ✓',
  invalidShort: 'Sig ✗',
  section: 'Signature',
  validTitle: (secret: string, scheme: string) =>
    `Valid signature, checked with the secret "${secret}" (${schemeLabel(scheme)}).`,
  invalidTitle: (reason: SignatureFailure, secret: string) =>
    `Invalid signature: ${FAILURES[reason]} (secret "${secret}").`,
  invalidHeading: (reason: SignatureFailure) => `Invalid signature: ${FAILURES[reason]}.`,
  checkedWith: (secret: string, scheme: string) =>
    `Checked with the secret "${secret}" (${schemeLabel(scheme)}).`,
} as const;
