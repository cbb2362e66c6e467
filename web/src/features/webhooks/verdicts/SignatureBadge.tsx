/**
 * A list row's signature mark: valid or invalid, when a signing secret judged the request. Shortened
 * on a phone, where the row keeps the sender's name whole beside it.
 */
import type { SignatureVerdict } from '../../../../../shared/verdicts';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../../lib/useMediaQuery';
import { signatureVerdictMessages as text } from './messages';
import { VerdictBadge } from './VerdictBadge';

export function SignatureBadge({ verdict }: { verdict: SignatureVerdict | undefined }) {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!verdict) return null;
  if (verdict.status === 'valid') {
    return (
      <VerdictBadge isGood title={text.validTitle(verdict.secretName, verdict.scheme)}>
        {isWide ? text.valid : text.validShort}
      </VerdictBadge>
    );
  }
  return (
    <VerdictBadge isGood={false} title={text.invalidTitle(verdict.reason, verdict.secretName)}>
      {isWide ? text.invalid : text.invalidShort}
    </VerdictBadge>
  );
}
