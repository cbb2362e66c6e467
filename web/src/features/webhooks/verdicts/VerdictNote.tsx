/** The request details' verdict in a sentence: green when the request passed a check, red when it did not. */
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

interface VerdictNoteProps {
  isGood: boolean;
  /** Spacing below, when more follows. */
  className?: string;
  children: ReactNode;
}

export function VerdictNote({ isGood, className = 'mb-0', children }: VerdictNoteProps) {
  return (
    <Alert variant={isGood ? 'success' : 'danger'} className={`py-1 small ${className}`}>
      {children}
    </Alert>
  );
}
