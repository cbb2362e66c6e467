import { useMemo, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { parseForm } from './formats';
import { BodyPre } from './BodyPre';

/** More rows than this only slow the page; the raw text below still has them all. */
const MAX_ROWS = 1000;

export interface FormViewProps {
  /** The application/x-www-form-urlencoded body. */
  text: string;
  download: ReactNode;
}

/** Form fields as a table (repeated names stay separate rows, in order), then the raw text. */
export function FormView({ text, download }: FormViewProps) {
  const fields = useMemo(() => parseForm(text), [text]);
  return (
    <>
      {fields.length === 0 ? (
        <p className="text-body-secondary">No form fields.</p>
      ) : (
        <Table size="sm" bordered responsive className="mb-2">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {fields.slice(0, MAX_ROWS).map(([name, value], index) => (
              <tr key={index}>
                <td className="font-monospace text-break">{name}</td>
                <td className="font-monospace text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {value}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {fields.length > MAX_ROWS && (
        <p className="small text-body-secondary">
          Showing the first {MAX_ROWS} of {fields.length} fields.
        </p>
      )}
      <h3 className="h6 text-body-secondary">Raw</h3>
      <BodyPre text={text} download={download} />
    </>
  );
}
