/** A list row's contract mark: pass or fail, when a contract judged the request. */
import type { ContractVerdict } from '../../../../../shared/verdicts';
import { SolidBadge } from '../../../components/SolidBadge';
import { verdictMessages as text } from './messages';

export function ContractBadge({ verdict }: { verdict: ContractVerdict | undefined }) {
  if (!verdict) return null;
  if (verdict.status === 'pass') {
    return (
      <SolidBadge colour="success" className="flex-shrink-0" title={text.passTitle(verdict.contractName)}>
        {text.pass}
      </SolidBadge>
    );
  }
  return (
    <SolidBadge
      colour="danger"
      className="flex-shrink-0"
      title={text.failTitle(verdict.contractName, verdict.violations.length)}
    >
      {text.fail}
    </SolidBadge>
  );
}
