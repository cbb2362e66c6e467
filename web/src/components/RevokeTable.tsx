/**
 * A table of what opens a session to others (API keys, share links): one row each, named in its
 * first cell, with a Revoke button where it can still be revoked; an empty list says so.
 */
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';

/** One row: its name, its other cells in column order, and Revoke's label (null: no Revoke). */
export interface RevokeRow {
  name: ReactNode;
  cells: ReactNode[];
  revokeLabel: string | null;
}

interface RevokeTableProps<T extends { id: string }> {
  items: T[];
  text: {
    /** The table's name, for screen readers. */
    title: string;
    none: string;
    /** The visible column headings, the name's first. */
    columns: string[];
    /** The heading of the Revoke column, for screen readers. */
    actions: string;
    revoke: string;
  };
  rowOf: (item: T) => RevokeRow;
  onRevoke: (item: T) => void;
}

export function RevokeTable<T extends { id: string }>({ items, text, rowOf, onRevoke }: RevokeTableProps<T>) {
  if (items.length === 0) return <p className="small text-body-secondary mb-0">{text.none}</p>;
  return (
    <Table size="sm" responsive className="small mb-0 align-middle" aria-label={text.title}>
      <thead>
        <tr>
          {text.columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{text.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const row = rowOf(item);
          return (
            <tr key={item.id}>
              <th scope="row" className="fw-normal text-break">
                {row.name}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
              <td className="text-end">
                {row.revokeLabel !== null && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={row.revokeLabel}
                    onClick={() => onRevoke(item)}
                  >
                    {text.revoke}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
