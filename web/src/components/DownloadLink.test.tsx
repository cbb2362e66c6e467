import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBase } from '../lib/http';
import { STORAGE_KEYS } from '../lib/storage';
import { DownloadLink } from './DownloadLink';

const KEY = `hbk_00000000000000aa_${'a'.repeat(43)}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('DownloadLink', () => {
  it('is a plain download link while the browser holds no key', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<DownloadLink href={`${apiBase}/api/events/7/body?sessionId=x`}>Download</DownloadLink>);
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('download');
    // Not prevented: the browser follows the link itself.
    expect(fireEvent.click(link)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a key, fetches the file sending the key and saves it under the server’s name', async () => {
    localStorage.setItem(STORAGE_KEYS.accessKey, KEY);
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('bytes', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="hookbay-request-7.bin"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    render(<DownloadLink href={`${apiBase}/api/events/7/body`}>Download</DownloadLink>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Download' }))).toBe(false);
    await waitFor(() => expect(saved).toEqual(['hookbay-request-7.bin']));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${apiBase}/api/events/7/body`);
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`);
  });
});
