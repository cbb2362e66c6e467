import { use, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { utf8DecodeStrict } from './bytes';
import { detectFormat } from './formats';
import { FormattedView } from './FormattedView';

/** Outcome of asking the server for the body with its Content-Encoding undone. */
export type DecodeResult = { ok: true; buffer: ArrayBuffer } | { ok: false; message: string };

/** Offers decoded bytes as a file; the object URL is made on click so nothing leaks while browsing. */
function DownloadDecoded({ buffer }: { buffer: ArrayBuffer }) {
  const save = (): void => {
    const url = URL.createObjectURL(new Blob([buffer]));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'body-decoded.bin';
    link.click();
    // Revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <Button variant="outline-secondary" size="sm" onClick={save}>
      Download decoded
    </Button>
  );
}

function Decoded({ buffer, contentType }: { buffer: ArrayBuffer; contentType: string | null }) {
  const bytes = useMemo(() => new Uint8Array(buffer), [buffer]);
  const text = useMemo(() => utf8DecodeStrict(bytes), [bytes]);
  return (
    <FormattedView
      format={detectFormat(contentType, text)}
      text={text}
      bytes={bytes}
      contentType={contentType}
      download={<DownloadDecoded buffer={buffer} />}
    />
  );
}

export interface DecodedViewProps {
  /** Settles once; render inside <Suspense>. */
  result: Promise<DecodeResult>;
  contentType: string | null;
}

/** The decompressed body, or the server's reason it could not be decompressed. */
export function DecodedView({ result, contentType }: DecodedViewProps) {
  const outcome = use(result);
  if (!outcome.ok) {
    return (
      <Alert variant="danger" className="mb-0">
        Could not decode the body: {outcome.message}
      </Alert>
    );
  }
  return <Decoded buffer={outcome.buffer} contentType={contentType} />;
}
