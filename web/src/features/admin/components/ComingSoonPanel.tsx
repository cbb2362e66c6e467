/** Placeholder for the admin tabs that are not built yet. */
import { Badge, Card } from 'react-bootstrap';
import { messages } from '../messages';

export function ComingSoonPanel({ title }: { title: string }) {
  return (
    <Card className="bg-body-tertiary border-0">
      <Card.Body className="p-4">
        <Badge bg="warning-subtle" text="warning-emphasis" className="border border-warning-subtle mb-2">
          {messages.comingSoon}
        </Badge>
        <h2 className="h4">{title}</h2>
        <p className="text-body-secondary mb-0">{messages.comingSoonText(title)}</p>
      </Card.Body>
    </Card>
  );
}
