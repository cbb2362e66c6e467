import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { eventBodyBytes, utf8DecodeStrict } from './bytes';
import { compressionOf, detectFormat } from './formats';
import { BodyPre } from './BodyPre';
import { CutWarning } from './CutWarning';
import { DecodedView, type DecodeResult } from './DecodedView';
import { FormattedView } from './FormattedView';
import { HexView } from './HexView';
import { DownloadLink } from '../../../components/DownloadLink';

export interface RequestBodyProps {
  event: WebhookEvent;
  /**
   * Fetches the stored body (`decoded` false) or the body with its Content-Encoding undone (true).
   * Should reject with an Error whose message is the server's error text (e.g. the 422 `error`).
   */
  fetchBody: (decoded: boolean) => Promise<ArrayBuffer>;
  /** Address that downloads the whole stored body. */
  downloadUrl: string;
}

/**
 * A compressed body up to this size is decoded as soon as it is shown (the decoded view comes
 * first); a larger one costs the server more, so it waits until its tab is opened.
 */
const AUTO_DECODE_MAX_BYTES = 1024 * 1024;

function loadDecoded(fetchBody: RequestBodyProps['fetchBody']): Promise<DecodeResult> {
  return fetchBody(true).then(
    (buffer): DecodeResult => ({ ok: true, buffer }),
    (error: unknown): DecodeResult => ({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
}

function RequestBodyContent({ event, fetchBody, downloadUrl }: RequestBodyProps) {
  const bytes = useMemo(() => eventBodyBytes(event), [event]);
  const partial = event.bodyCut || event.truncated;
  // A base64 body may still be text, e.g. when the cut split a character; only real binary gets a hex dump.
  const text = useMemo(
    () => (event.bodyEncoding === 'utf8' ? event.body : utf8DecodeStrict(bytes, partial)),
    [event, bytes, partial],
  );
  const compression = compressionOf(event.rawHeaders);
  const contract = event.verdicts?.contract;
  const violations = contract?.status === 'fail' ? contract.violations : undefined;
  // Detection may parse a whole 1 MiB body as JSON; not again on every tab switch.
  const format = useMemo(() => detectFormat(event.contentType, text), [event.contentType, text]);
  const isDecodedFirst = compression !== null && !event.truncated && event.size <= AUTO_DECODE_MAX_BYTES;
  const [tab, setTab] = useState(isDecodedFirst ? 'decoded' : compression ? 'raw' : 'pretty');
  // Asked once, as the view is made (the component is keyed by the event).
  const [decoded, setDecoded] = useState<Promise<DecodeResult> | null>(() =>
    isDecodedFirst ? loadDecoded(fetchBody) : null,
  );
  // Decoded first only when decoding works: otherwise the raw bytes, the Decoded tab saying why.
  useEffect(() => {
    if (!isDecodedFirst || !decoded) return;
    let isCurrent = true;
    void decoded.then((result) => {
      if (isCurrent && !result.ok) setTab((current) => (current === 'decoded' ? 'raw' : current));
    });
    return () => {
      isCurrent = false;
    };
  }, [isDecodedFirst, decoded]);

  // A plain link rather than Button: react-bootstrap would give it role="button", hiding that it navigates.
  const download = (
    <DownloadLink href={downloadUrl} className="btn btn-outline-secondary btn-sm">
      Download
    </DownloadLink>
  );
  if (bytes.length === 0 && !partial) return <p className="text-body-secondary mb-0">No body.</p>;

  const raw =
    text === null ? (
      <HexView bytes={bytes} download={download} />
    ) : (
      <BodyPre text={text} download={download} />
    );
  const select = (key: string | null): void => {
    if (!key) return;
    // Decoding a large body costs the server up to 10 MiB of work, so it happens only when asked for.
    if (key === 'decoded' && !decoded) setDecoded(loadDecoded(fetchBody));
    setTab(key);
  };

  // Both tab sets behave alike; a view is built only when its tab is first opened.
  const tabsProps = {
    id: `request-body-${event.id}`,
    activeKey: tab,
    onSelect: select,
    transition: false,
    mountOnEnter: true,
    className: 'mb-2',
  } as const;
  let body: ReactNode;
  if (compression) {
    body = (
      <Tabs {...tabsProps}>
        <Tab eventKey="decoded" title={`Decoded (${compression})`}>
          {decoded && (
            <Suspense fallback={<Spinner animation="border" size="sm" role="status" aria-label="Decoding" />}>
              <DecodedView result={decoded} contentType={event.contentType} />
            </Suspense>
          )}
        </Tab>
        <Tab eventKey="raw" title="Raw">
          <HexView bytes={bytes} download={download} />
        </Tab>
      </Tabs>
    );
  } else if (format === 'text' || format === 'binary') {
    body = raw; // the pretty view would be the same bytes again
  } else {
    body = (
      <Tabs {...tabsProps}>
        <Tab eventKey="pretty" title="Pretty">
          <FormattedView
            format={format}
            text={text}
            bytes={bytes}
            contentType={event.contentType}
            download={download}
            violations={violations}
          />
        </Tab>
        <Tab eventKey="raw" title="Raw">
          {raw}
        </Tab>
      </Tabs>
    );
  }
  return (
    <>
      <CutWarning event={event} download={download} />
      {body}
    </>
  );
}

/** Inside of the "Request Body" card: the body in a view that fits its type, plus its raw form. */
export function RequestBody(props: RequestBodyProps) {
  // Keyed so the chosen tab and a decoded body never carry over to another request.
  return <RequestBodyContent key={props.event.id} {...props} />;
}

export default RequestBody;
