import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignatureVerdict } from '../../../../../shared/verdicts';
import { SignatureBadge } from './SignatureBadge';
import { SignatureVerdictView } from './SignatureVerdictView';

const valid: SignatureVerdict = { status: 'valid', secretId: 's1', secretName: 'Billing', scheme: 'stripe' };
const stale: SignatureVerdict = {
  status: 'invalid',
  secretId: 's1',
  secretName: 'Billing',
  scheme: 'stripe',
  reason: 'timestamp',
  message: 'The signed timestamp is 10 minutes old, outside the 300 s tolerance.',
};

describe('the signature verdict', () => {
  afterEach(cleanup);

  it('an invalid request says why, with the stored message and the secret that judged it', () => {
    render(<SignatureVerdictView verdict={stale} />);
    expect(screen.getByText('Invalid signature: timestamp outside the tolerance.')).toBeInTheDocument();
    expect(
      screen.getByText('The signed timestamp is 10 minutes old, outside the 300 s tolerance.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Checked with the secret "Billing" (Stripe).')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('alert-danger');
  });

  it('a valid request names its secret and scheme', () => {
    render(<SignatureVerdictView verdict={{ ...valid, scheme: 'github-sha256' }} />);
    expect(
      screen.getByText('Valid signature, checked with the secret "Billing" (GitHub (X-Hub-Signature-256)).'),
    ).toBeInTheDocument();
  });

  it('the row badge reads valid or invalid, filled, with the reason in its title', () => {
    render(<SignatureBadge verdict={valid} />);
    expect(screen.getByText('Signature ✓')).toHaveClass('bg-success');
    render(<SignatureBadge verdict={{ ...stale, reason: 'missing', message: 'no header' }} />);
    const invalid = screen.getByText('Signature ✗');
    expect(invalid).toHaveClass('bg-danger');
    expect(invalid).toHaveAttribute(
      'title',
      'Invalid signature: signature header missing (secret "Billing").',
    );
  });

  it('a request no secret judged has no badge', () => {
    const { container } = render(<SignatureBadge verdict={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
