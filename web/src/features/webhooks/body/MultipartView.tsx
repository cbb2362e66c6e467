import { useMemo, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { formatBytes } from './bytes';
import { multipartBoundary, parseMultipart, partText } from './multipart';

const MAX_ROWS = 1000;

export interface MultipartViewProps {
  bytes: Uint8Array;
  contentType: string | null;
  download: ReactNode;
}

/** The parts of a multipart body: name, file name, type, size and the value of small text parts. */
export function MultipartView({ bytes, contentType, download }: MultipartViewProps) {
  const boundary = multipartBoundary(contentType);
  const parts = useMemo(() => (boundary ? parseMultipart(bytes, boundary) : []), [bytes, boundary]);
  if (parts.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        No parts found for the boundary given in the Content-Type; see the Raw view. {download}
      </p>
    );
  }
  return (
    <>
      <Table size="sm" bordered responsive className="mb-0">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">File name</th>
            <th scope="col">Content type</th>
            <th scope="col">Size</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {parts.slice(0, MAX_ROWS).map((part, index) => {
            const value = partText(part);
            return (
              <tr key={index}>
                <td className="font-monospace text-break">{part.name ?? '—'}</td>
                <td className="text-break">{part.filename ?? '—'}</td>
                <td className="text-break">{part.contentType ?? '—'}</td>
                <td className="text-nowrap">
                  {formatBytes(part.body.length)}
                  {!part.complete && <span className="text-body-secondary"> (incomplete)</span>}
                </td>
                <td className="font-monospace text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {value ?? <span className="text-body-secondary fst-italic">not shown</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {parts.length > MAX_ROWS && (
        <p className="small text-body-secondary mt-2 mb-0">
          Showing the first {MAX_ROWS} of {parts.length} parts. {download}
        </p>
      )}
    </>
  );
}
