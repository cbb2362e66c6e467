/**
 * A drawer's numbered list of what the session holds (contracts, signing secrets, …): each item's
 * name and a line about it, with Edit and Delete unless the view is read-only; loading, a failed
 * load (with Retry) and an empty list each say so.
 */
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import type { SessionList } from '../lib/useSessionList';
import { LoadingStatus } from './LoadingStatus';
import { RetryAlert } from './RetryAlert';

export interface NamedItemListTexts {
  title: string;
  loading: string;
  loadFailed: string;
  none: string;
  edit: string;
  remove: string;
}

interface NamedItemListProps<T extends { id: string; name: string }> {
  view: SessionList<T>;
  text: NamedItemListTexts;
  /** The line under the item's name. */
  describe: (item: T) => string;
  isReadOnly: boolean;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}

export function NamedItemList<T extends { id: string; name: string }>({
  view,
  text,
  describe,
  isReadOnly,
  onEdit,
  onDelete,
}: NamedItemListProps<T>) {
  if (view.isLoading) return <LoadingStatus text={text.loading} className="py-2" />;
  if (view.loadFailed) return <RetryAlert text={text.loadFailed} onRetry={view.reload} />;
  if (view.items.length === 0) return <p className="text-body-secondary">{text.none}</p>;
  return (
    <ListGroup as="ol" numbered className="mb-3" aria-label={text.title}>
      {view.items.map((item) => (
        <ListGroup.Item as="li" key={item.id} className="d-flex align-items-start gap-2">
          <div className="flex-grow-1 text-break">
            <div className="fw-semibold">{item.name}</div>
            <div className="small text-body-secondary font-monospace">{describe(item)}</div>
          </div>
          {!isReadOnly && (
            <div className="d-flex gap-1">
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`${text.edit} ${item.name}`}
                onClick={() => onEdit(item)}
              >
                {text.edit}
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`${text.remove} ${item.name}`}
                onClick={() => onDelete(item)}
              >
                {text.remove}
              </Button>
            </div>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
