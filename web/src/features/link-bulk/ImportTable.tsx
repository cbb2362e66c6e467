/** The rows of an import: what each says and, before sending, its problems; afterwards, what became of it. */
import { Badge, Table } from 'react-bootstrap';
import type { ImportRow } from './import-rows';
import type { RowOutcome } from './import-run';
import { bulkMessages as text } from './messages';

function ResultCell({ row, outcome }: { row: ImportRow; outcome: RowOutcome | null | undefined }) {
  if (outcome?.kind === 'created' || outcome?.kind === 'existing') {
    return (
      <>
        <Badge bg={outcome.kind === 'created' ? 'success' : 'secondary'}>
          {outcome.kind === 'created' ? text.created : text.existing}
        </Badge>{' '}
        <a href={outcome.link.shortUrl} target="_blank" rel="noreferrer" className="text-break">
          {outcome.link.shortUrl}
        </a>
      </>
    );
  }
  const reason = outcome?.kind === 'failed' ? outcome.reason : row.problems.join(' ');
  if (!reason) return <span className="text-body-secondary">{text.ready}</span>;
  return (
    <>
      <Badge bg="danger">{text.failed}</Badge> <span className="text-danger-emphasis">{reason}</span>
    </>
  );
}

export function ImportTable({
  rows,
  outcomes,
}: {
  rows: readonly ImportRow[];
  outcomes: readonly (RowOutcome | null)[] | null;
}) {
  return (
    <div className="overflow-auto border rounded" style={{ maxHeight: '50vh' }}>
      <Table size="sm" striped className="mb-0 small align-middle" aria-label={text.importTitle}>
        <thead className="sticky-top">
          <tr>
            <th scope="col">{text.columnLine}</th>
            <th scope="col">{text.columnDestination}</th>
            <th scope="col">{text.columnAlias}</th>
            <th scope="col">{text.columnExternalId}</th>
            <th scope="col">{text.columnExpires}</th>
            <th scope="col">{text.columnMaxClicks}</th>
            <th scope="col">{text.columnResult}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td className="text-break">{String(row.item.url)}</td>
              <td>{row.item.alias ?? ''}</td>
              <td className="text-break">{row.item.externalId ?? ''}</td>
              <td>{row.item.expiresAt ?? ''}</td>
              <td>{row.item.maxClicks == null ? '' : String(row.item.maxClicks)}</td>
              <td>
                <ResultCell row={row} outcome={outcomes?.[index]} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
