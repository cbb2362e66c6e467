import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkStateBadge } from './LinkStateBadge';
import { SolidBadge } from './SolidBadge';

afterEach(cleanup);

describe('SolidBadge', () => {
  it('writes dark text on the light fills (warning, info) and keeps white text on the dark ones', () => {
    render(
      <>
        <SolidBadge colour="warning">PUT</SolidBadge>
        <SolidBadge colour="info">PATCH</SolidBadge>
        <SolidBadge colour="primary">POST</SolidBadge>
        <SolidBadge colour="danger">DELETE</SolidBadge>
      </>,
    );
    expect(screen.getByText('PUT')).toHaveClass('badge', 'bg-warning', 'text-dark');
    expect(screen.getByText('PATCH')).toHaveClass('badge', 'bg-info', 'text-dark');
    expect(screen.getByText('POST')).toHaveClass('badge', 'bg-primary');
    expect(screen.getByText('POST')).not.toHaveClass('text-dark');
    expect(screen.getByText('DELETE')).not.toHaveClass('text-dark');
  });

  it('gives a link that reached its limit, or is password-protected, a readable state badge', () => {
    render(
      <>
        <LinkStateBadge state="limit-reached" />
        <LinkStateBadge state="password-protected" />
      </>,
    );
    expect(screen.getByText('Limit reached')).toHaveClass('bg-warning', 'text-dark');
    expect(screen.getByText('Password-protected')).toHaveClass('bg-info', 'text-dark');
  });
});
