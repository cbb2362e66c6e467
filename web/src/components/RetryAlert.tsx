import { Alert, Button } from 'react-bootstrap';

/** A failure the person can try again: what went wrong, and a Retry button beside it. */
export function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-2">
      <span>{text}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
