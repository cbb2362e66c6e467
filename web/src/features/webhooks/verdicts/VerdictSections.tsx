/** A request's verdicts in its details, each in its own section: the signature's, then the contract's. */
import type { EventVerdicts } from '../../../../../shared/verdicts';
import { DetailSection } from '../../../components/DetailSection';
import { ContractVerdictView } from './ContractVerdictView';
import { signatureVerdictMessages, verdictMessages } from './messages';
import { SignatureVerdictView } from './SignatureVerdictView';

export function VerdictSections({ verdicts }: { verdicts: EventVerdicts | undefined }) {
  return (
    <>
      {verdicts?.signature && (
        <DetailSection title={signatureVerdictMessages.section}>
          <SignatureVerdictView verdict={verdicts.signature} />
        </DetailSection>
      )}
      {verdicts?.contract && (
        <DetailSection title={verdictMessages.section}>
          <ContractVerdictView verdict={verdicts.contract} />
        </DetailSection>
      )}
    </>
  );
}
