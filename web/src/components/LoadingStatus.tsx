import { Spinner } from 'react-bootstrap';

interface LoadingStatusProps {
  /** What is being waited for; also the status's accessible name. */
  text: string;
  /** Vertical padding class. */
  className?: string;
}

/** A small spinner with what it is waiting for, announced as a status. */
export function LoadingStatus({ text, className = 'py-4' }: LoadingStatusProps) {
  return (
    <div className={`text-center text-body-secondary ${className}`} role="status" aria-label={text}>
      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      {text}
    </div>
  );
}
