/** A list row's signature mark: valid or invalid, when a signing secret judged the request. */
import type { SignatureVerdict } from '../../../../../shared/verdicts';
import { signatureVerdictMessages as text } from './messages';
import { VerdictBadge } from './VerdictBadge';

export function SignatureBadge({ verdict }: { verdict: SignatureVerdict | undefined }) {
  if (!verdict) return null;
  if (verdict.status === 'valid') {
    return (
      <VerdictBadge isGood title={text.validTitle(verdict.secretName, verdict.scheme)}>
        {text.valid}
      </VerdictBadge>
    );
  }
  return (
    <VerdictBadge isGood={false} title={text.invalidTitle(verdict.reason, verdict.secretName)}>
      {text.invalid}
    </VerdictBadge>
  );
}
