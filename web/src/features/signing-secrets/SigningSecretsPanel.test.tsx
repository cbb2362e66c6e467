import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SigningSecret } from '../../../../shared/signing-secrets';
import { SigningSecretsPanel } from './SigningSecretsPanel';
import type { SigningSecretsView } from './useSigningSecrets';

const stripe: SigningSecret = {
  id: 'sec_1',
  name: 'Billing',
  scheme: 'stripe',
  custom: null,
  path: '/stripe/*',
  toleranceSeconds: 300,
  refuseInvalid: true,
  hint: 'abcd',
  createdAt: '2026-11-28T12:00:00.000Z',
};

function viewOf(secrets: SigningSecret[]): SigningSecretsView {
  return { items: secrets, isLoading: false, loadFailed: false, reload: vi.fn() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SigningSecretsPanel', () => {
  it('lists each secret with its scheme, path, hint and settings, never its value', () => {
    render(<SigningSecretsPanel view={viewOf([stripe])} isReadOnly={false} />);
    const item = within(screen.getByRole('list', { name: 'Signatures' })).getByRole('listitem');
    expect(item).toHaveTextContent('Billing');
    expect(
      within(item).getByText('Stripe · /stripe/* · …abcd · tolerance 300 s · refuses invalid (401)'),
    ).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Edit Billing' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Delete Billing' })).toBeInTheDocument();
  });

  it('a shared view shows the secrets but no way to change them', () => {
    render(<SigningSecretsPanel view={viewOf([stripe])} isReadOnly />);
    expect(screen.getByText('Billing')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.getByText('Only the owner of this webhook URL can change its signing secrets.'),
    ).toBeInTheDocument();
  });

  it('adds a custom HMAC secret and shows its value once, to copy', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            ...stripe,
            id: 'sec_2',
            name: 'Mine',
            scheme: 'custom',
            ...(JSON.parse(String(init.body)) as object),
            hint: 'cret',
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const view = viewOf([]);
    render(<SigningSecretsPanel view={view} isReadOnly={false} />);
    expect(screen.getByText('No signing secrets yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add secret' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.change(screen.getByLabelText('Scheme'), { target: { value: 'custom' } });
    // The in-browser check's own fields for any HMAC.
    fireEvent.change(screen.getByLabelText('Signature header'), { target: { value: 'X-Signature' } });
    fireEvent.change(screen.getByLabelText('Prefix (optional)'), { target: { value: 'sha256=' } });
    expect(screen.queryByLabelText('Tolerance (seconds)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Signing secret'), { target: { value: 'my-own-secret' } });
    fireEvent.click(screen.getByLabelText(/Answer 401/));
    fireEvent.click(screen.getByRole('button', { name: 'Save secret' }));

    expect(await screen.findByTestId('new-secret')).toHaveTextContent('my-own-secret');
    expect(
      screen.getByText(
        'Secret "Mine" added. Copy it now if you need it: it will not be shown again, only its last 4 characters.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/signing-secrets$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Mine',
      scheme: 'custom',
      custom: { header: 'X-Signature', hash: 'SHA-256', encoding: 'hex', prefix: 'sha256=' },
      path: '*',
      toleranceSeconds: 300,
      refuseInvalid: true,
      secret: 'my-own-secret',
    });
    expect(view.reload).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('new-secret')).toBeNull());
  });

  it('an edit keeps the secret unless a new one is typed', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(stripe), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<SigningSecretsPanel view={viewOf([stripe])} isReadOnly={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Billing' }));
    expect(screen.getByText('Leave empty to keep the current one (…abcd).')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Tolerance (seconds)'), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save secret' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/signing-secrets\/sec_1$/);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Billing',
      scheme: 'stripe',
      custom: null,
      path: '/stripe/*',
      toleranceSeconds: 600,
      refuseInvalid: true,
    });
  });
});
