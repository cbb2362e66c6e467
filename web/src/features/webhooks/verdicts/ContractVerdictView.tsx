/** The request details' contract verdict: which contract, and each violation with the value that came. */
import Table from 'react-bootstrap/Table';
import type { ContractVerdict } from '../../../../../shared/verdicts';
import { verdictMessages as text } from './messages';
import { VerdictNote } from './VerdictNote';

export function ContractVerdictView({ verdict }: { verdict: ContractVerdict }) {
  if (verdict.status === 'pass') {
    return <VerdictNote isGood>{text.passed(verdict.contractName)}</VerdictNote>;
  }
  return (
    <div>
      <VerdictNote isGood={false} className="mb-2">
        {text.failed(verdict.contractName, verdict.violations.length)}
      </VerdictNote>
      <Table size="sm" responsive className="small mb-0" aria-label={text.section}>
        <thead>
          <tr>
            <th scope="col">{text.pointer}</th>
            <th scope="col">{text.expected}</th>
            <th scope="col">{text.actual}</th>
          </tr>
        </thead>
        <tbody>
          {verdict.violations.map((violation) => (
            <tr key={`${violation.pointer}\n${violation.message}`} title={violation.message}>
              <td className="font-monospace text-break">{violation.pointer || text.wholeBody}</td>
              <td className="text-break">{violation.expected}</td>
              <td className="font-monospace text-break">
                <mark className="contract-violation-value">{violation.actual}</mark>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
