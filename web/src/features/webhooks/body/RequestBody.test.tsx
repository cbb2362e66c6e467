import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../test-events';
import { RequestBody } from './RequestBody';

const noFetch = (): Promise<ArrayBuffer> => Promise.reject(new Error('not expected'));

describe('RequestBody', () => {
  // Without vitest globals, testing-library cannot register its own cleanup.
  afterEach(cleanup);

  it('pretty-prints a JSON body and shows the raw text on demand', () => {
    const body = '{"user":{"name":"<b>Ann</b>"},"tags":["a"]}';
    const { container } = render(
      <RequestBody
        event={makeEvent(7, { body, contentType: 'application/json', size: body.length })}
        fetchBody={noFetch}
        downloadUrl="/api/events/7/body"
      />,
    );
    const pre = container.querySelector('pre');
    expect(pre?.textContent).toBe(
      '{\n  "user": {\n    "name": "<b>Ann</b>"\n  },\n  "tags": [\n    "a"\n  ]\n}',
    );
    expect(container.querySelector('b')).toBeNull(); // user content is text, never markup

    fireEvent.click(screen.getByRole('tab', { name: 'Raw' }));
    expect(screen.getByText(body)).toBeInTheDocument();
  });

  it("marks the values that break the request's contract, each saying what is wrong", () => {
    const body = '{"order":7,"total":-1,"lines":[{"sku":"A"}]}';
    const { container } = render(
      <RequestBody
        event={makeEvent(7, {
          body,
          contentType: 'application/json',
          size: body.length,
          verdicts: {
            contract: {
              status: 'fail',
              contractId: 'c1',
              contractName: 'Orders',
              violations: [
                { pointer: '/total', expected: 'must be >= 0', actual: '-1', message: '/total must be >= 0' },
                {
                  pointer: '/lines/0/qty',
                  expected: 'a value (required)',
                  actual: 'nothing',
                  message: "/lines/0 must have required property 'qty'",
                },
              ],
            },
          },
        })}
        fetchBody={noFetch}
        downloadUrl="/api/events/7/body"
      />,
    );
    const marks = [...container.querySelectorAll('pre mark')];
    expect(marks.map((mark) => [mark.textContent, mark.getAttribute('title')])).toEqual([
      ['-1', '/total must be >= 0'],
      ['{', "/lines/0 must have required property 'qty'"],
    ]);
    expect(container.querySelector('pre')?.textContent).toBe(
      '{\n  "order": 7,\n  "total": -1,\n  "lines": [\n    {\n      "sku": "A"\n    }\n  ]\n}',
    );
  });

  it('shows a form body as a table of fields, repeated names kept', () => {
    const body = 'a=1&b=two+words&a=3';
    render(
      <RequestBody
        event={makeEvent(7, { body, contentType: 'application/x-www-form-urlencoded', size: body.length })}
        fetchBody={noFetch}
        downloadUrl="/api/events/7/body"
      />,
    );
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['NameValue', 'a1', 'btwo words', 'a3']);
    expect(screen.getByText(body)).toBeInTheDocument();
  });

  it('warns about a cut body and links the full download', () => {
    render(
      <RequestBody
        event={makeEvent(7, { body: 'x'.repeat(10), bodyCut: true, size: 3_000_000 })}
        fetchBody={noFetch}
        downloadUrl="/api/events/7/body"
      />,
    );
    expect(screen.getByText(/Showing the first 1 MiB of 3,000,000 bytes\./)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Download' })) {
      expect(link).toHaveAttribute('href', '/api/events/7/body');
    }
  });

  const gzipEvent = (overrides = {}) =>
    makeEvent(7, {
      body: 'H4sIAAAAAAAA',
      bodyEncoding: 'base64',
      contentType: 'application/json',
      rawHeaders: [['content-encoding', 'gzip']],
      size: 9,
      ...overrides,
    });

  it('opens a compressed body on its decoded text, the raw bytes a tab away', async () => {
    const fetchBody = vi.fn((decoded: boolean) =>
      decoded ? Promise.resolve(new TextEncoder().encode('{"ok":true}').buffer) : noFetch(),
    );
    // The decoding answer settles inside act, as a browser would render it once it arrives.
    const { container } = await act(async () =>
      render(<RequestBody event={gzipEvent()} fetchBody={fetchBody} downloadUrl="/api/events/7/body" />),
    );
    const decoded = await screen.findByText(/"ok": true/);
    expect(decoded.textContent).toBe('{\n  "ok": true\n}');
    expect(fetchBody).toHaveBeenCalledTimes(1);
    expect(fetchBody).toHaveBeenCalledWith(true);
    expect(screen.getByRole('tab', { name: 'Decoded (gzip)' })).toHaveAttribute('aria-selected', 'true');

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Raw' }));
    });
    expect(container.querySelector('.tab-pane.active pre')?.textContent).toMatch(/^00000000 {2}1f 8b 08/);
  });

  it('decodes a compressed body over 1 MiB only when the Decoded tab is opened', async () => {
    const fetchBody = vi.fn((decoded: boolean) =>
      decoded ? Promise.resolve(new TextEncoder().encode('{"ok":true}').buffer) : noFetch(),
    );
    const { container } = render(
      <RequestBody
        event={gzipEvent({ size: 2 * 1024 * 1024, bodyCut: true })}
        fetchBody={fetchBody}
        downloadUrl="/api/events/7/body"
      />,
    );
    expect(container.querySelector('pre')?.textContent).toMatch(/^00000000 {2}1f 8b 08/);
    expect(fetchBody).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: /Decoded/ }));
    });
    expect(fetchBody).toHaveBeenCalledWith(true);
    const decoded = await screen.findByText(/"ok": true/);
    expect(decoded.textContent).toBe('{\n  "ok": true\n}');
  });

  it('shows the raw bytes when decoding fails, and the Decoded tab says why', async () => {
    await act(async () => {
      render(
        <RequestBody
          event={makeEvent(7, {
            body: 'AAEC',
            bodyEncoding: 'base64',
            rawHeaders: [['Content-Encoding', 'br']],
            size: 3,
          })}
          fetchBody={() => Promise.reject(new Error('Body is not valid br data'))}
          downloadUrl="/api/events/7/body"
        />,
      );
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Raw' })).toHaveAttribute('aria-selected', 'true'),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: /Decoded/ }));
    });
    expect(await screen.findByText(/Body is not valid br data/)).toBeInTheDocument();
  });
});
