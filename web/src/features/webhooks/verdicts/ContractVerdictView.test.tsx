import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractVerdict } from '../../../../../shared/verdicts';
import { ContractBadge } from './ContractBadge';
import { ContractVerdictView } from './ContractVerdictView';

const failed: ContractVerdict = {
  status: 'fail',
  contractId: 'c1',
  contractName: 'Orders',
  violations: [
    { pointer: '/total', expected: 'must be >= 0', actual: '-1', message: '/total must be >= 0' },
    {
      pointer: '/id',
      expected: 'a value (required)',
      actual: 'nothing',
      message: "/id must have required property 'id'",
    },
  ],
};

describe('the contract verdict', () => {
  afterEach(cleanup);

  it('a failing request lists each violation with the value that came, marked', () => {
    render(<ContractVerdictView verdict={failed} />);
    expect(screen.getByText('Breaks the contract "Orders" in 2 places:')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Contract' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WhereExpectedCame',
      '/totalmust be >= 0-1',
      '/ida value (required)nothing',
    ]);
    expect(screen.getByText('-1').tagName).toBe('MARK');
  });

  it('a passing request names its contract; the badges say pass or fail', () => {
    render(<ContractVerdictView verdict={{ status: 'pass', contractId: 'c1', contractName: 'Orders' }} />);
    expect(screen.getByText('Follows the contract "Orders".')).toBeInTheDocument();
    render(<ContractBadge verdict={failed} />);
    expect(screen.getByText('Contract ✗')).toHaveAttribute(
      'title',
      'The body breaks the contract "Orders" in 2 places.',
    );
    render(<ContractBadge verdict={{ status: 'pass', contractId: 'c1', contractName: 'Orders' }} />);
    expect(screen.getByText('Contract ✓')).toHaveClass('bg-success');
  });
});
