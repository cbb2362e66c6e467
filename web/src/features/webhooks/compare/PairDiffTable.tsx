import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import type { PairChange, PairDiff } from '../diff/diff';
import { compareMessages as text } from './messages';

const CHANGE_VARIANTS: Record<PairChange, string> = {
  added: 'success',
  removed: 'danger',
  changed: 'warning',
  same: 'secondary',
};

interface PairDiffTableProps {
  rows: PairDiff[];
  beforeId: number;
  afterId: number;
}

/** Names with their value in each request and what changed. */
export function PairDiffTable({ rows, beforeId, afterId }: PairDiffTableProps) {
  return (
    <Table size="sm" responsive className="mb-0 align-middle">
      <thead>
        <tr>
          <th scope="col" className="ps-3">
            {text.columns.name}
          </th>
          <th scope="col">{text.columns.change}</th>
          <th scope="col">
            {text.before} {text.columns.request(beforeId)}
          </th>
          <th scope="col">
            {text.after} {text.columns.request(afterId)}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row" className="ps-3 fw-semibold text-nowrap">
              {row.name}
            </th>
            <td>
              <Badge bg={CHANGE_VARIANTS[row.change]}>{text.changes[row.change]}</Badge>
            </td>
            <td className="font-monospace text-break">{row.before ?? text.missing}</td>
            <td className="font-monospace text-break">{row.after ?? text.missing}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
