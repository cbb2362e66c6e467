/** A list row's contract mark: pass or fail, when a contract judged the request. */
import type { ContractVerdict } from '../../../../../shared/verdicts';
import { verdictMessages as text } from './messages';
import { VerdictBadge } from './VerdictBadge';

export function ContractBadge({ verdict }: { verdict: ContractVerdict | undefined }) {
  if (!verdict) return null;
  if (verdict.status === 'pass') {
    return (
      <VerdictBadge isGood title={text.passTitle(verdict.contractName)}>
        {text.pass}
      </VerdictBadge>
    );
  }
  return (
    <VerdictBadge isGood={false} title={text.failTitle(verdict.contractName, verdict.violations.length)}>
      {text.fail}
    </VerdictBadge>
  );
}
