import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

interface DetailSectionProps {
  title: string;
  children: ReactNode;
  /** Tables sit flush against the card's edges. */
  isFlush?: boolean;
}

export function DetailSection({ title, children, isFlush = false }: DetailSectionProps) {
  return (
    <Card as="section" className="mb-3 shadow-sm" aria-label={title}>
      <Card.Header>
        <h3 className="h6 mb-0">{title}</h3>
      </Card.Header>
      {isFlush ? children : <Card.Body>{children}</Card.Body>}
    </Card>
  );
}
