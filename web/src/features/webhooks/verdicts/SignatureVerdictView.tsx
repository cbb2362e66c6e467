/** The request details' signature verdict: valid with which secret, or invalid and why. */
import type { SignatureVerdict } from '../../../../../shared/verdicts';
import { signatureVerdictMessages as text } from './messages';
import { VerdictNote } from './VerdictNote';

export function SignatureVerdictView({ verdict }: { verdict: SignatureVerdict }) {
  if (verdict.status === 'valid') {
    return <VerdictNote isGood>{text.validTitle(verdict.secretName, verdict.scheme)}</VerdictNote>;
  }
  return (
    <VerdictNote isGood={false}>
      <div className="fw-semibold">{text.invalidHeading(verdict.reason)}</div>
      <div>{verdict.message}</div>
      <div>{text.checkedWith(verdict.secretName, verdict.scheme)}</div>
    </VerdictNote>
  );
}
