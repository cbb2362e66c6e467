/** A decorative, static picture of the Webhook Inspector's live request list for the landing hero. */
import Card from 'react-bootstrap/Card';

interface PreviewRequest {
  method: string;
  tone: string;
  path: string;
  age: string;
}

const PREVIEW_REQUESTS: readonly PreviewRequest[] = [
  { method: 'POST', tone: 'success', path: '/webhook/3f9c…/stripe', age: 'just now' },
  { method: 'POST', tone: 'success', path: '/webhook/3f9c…/github?event=push', age: '12 s ago' },
  { method: 'PUT', tone: 'warning', path: '/webhook/3f9c…/orders/1042', age: '1 min ago' },
  { method: 'GET', tone: 'info', path: '/webhook/3f9c…/health', age: '3 min ago' },
  { method: 'DELETE', tone: 'danger', path: '/webhook/3f9c…/cache', age: '5 min ago' },
];

export function LandingHeroPreview() {
  return (
    <Card className="hb-preview shadow-sm border-0" aria-hidden="true">
      <Card.Header className="d-flex align-items-center gap-2 bg-body">
        <span className="hb-live-dot" />
        <span className="fw-semibold">Live requests</span>
        <span className="ms-auto text-body-secondary small">5 captured</span>
      </Card.Header>
      <div className="d-flex align-items-center gap-2 px-3 py-2 border-bottom bg-body-tertiary small">
        <span className="text-body-secondary text-nowrap">Your URL</span>
        <code className="flex-grow-1 text-truncate text-body">
          https://hookbay.example/webhook/3f9c2a7e-51d4
        </code>
        <span className="badge text-bg-primary">Copy</span>
      </div>
      <div className="list-group list-group-flush">
        {PREVIEW_REQUESTS.map((request, index) => (
          <div
            key={request.path}
            className={`list-group-item hb-preview-row${index === 0 ? ' bg-primary-subtle' : ''}`}
          >
            <span className={`badge hb-method text-bg-${request.tone}`}>{request.method}</span>
            <code className="text-body text-truncate">{request.path}</code>
            <span className="text-body-secondary small text-nowrap">{request.age}</span>
          </div>
        ))}
      </div>
    </Card>
  );
}
