import Table from 'react-bootstrap/Table';

interface KeyValueTableProps {
  rows: readonly (readonly [string, string])[];
  /** Column titles; without them the keys read as row headings. */
  columns?: readonly [string, string];
}

/** Name/value pairs in order, repeats kept; values are shown as text, never as markup. */
export function KeyValueTable({ rows, columns }: KeyValueTableProps) {
  return (
    <Table size="sm" striped responsive className="mb-0 align-middle">
      {columns && (
        <thead>
          <tr>
            <th scope="col" className="ps-3">
              {columns[0]}
            </th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map(([name, value], index) => (
          // Names repeat (a header sent twice), so the position is part of the key.
          <tr key={`${index}:${name}`}>
            <th scope="row" className="ps-3 fw-semibold text-nowrap" style={{ width: '30%' }}>
              {name}
            </th>
            <td className="font-monospace text-break">{value}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
