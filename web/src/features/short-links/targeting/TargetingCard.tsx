/** The link's targeting in its detail panel: whether the query string is passed on, and its rules in order. */
import { Card } from 'react-bootstrap';
import { describeCondition } from '../../../../../shared/link-conditions';
import type { ShortUrl } from '../../../../../shared/links';
import { messages } from './messages';

export function TargetingCard({ url }: { url: ShortUrl }) {
  return (
    <Card data-testid="targeting-card">
      <Card.Header as="h3" className="h6">
        {messages.targeting}
      </Card.Header>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-center py-1">
          <span className="text-body-secondary">{messages.queryString}</span>
          <strong>{url.forwardQuery ? messages.passedOn : messages.notPassedOn}</strong>
        </div>
        {url.rules.length === 0 ? (
          <p className="text-body-secondary mb-0 mt-2">
            {url.split ? messages.noRulesSplit : messages.noRules}
          </p>
        ) : (
          <ol className="mb-0 mt-2 ps-3 d-flex flex-column gap-2" aria-label={messages.rulesTitle}>
            {url.rules.map((rule) => (
              <li key={rule.id}>
                <span>{rule.conditions.map(describeCondition).join(' and ')}</span>
                {rule.split ? (
                  <div className="small text-body-secondary">
                    {messages.splitBetween}{' '}
                    {rule.split.variants.map((variant, index) => (
                      <span key={variant.id}>
                        {index > 0 && ', '}
                        <code className="text-break">{variant.destination}</code> ({variant.weight}%)
                      </span>
                    ))}
                  </div>
                ) : (
                  <div className="small text-body-secondary">
                    {messages.sentTo} <code className="text-break">{rule.destination}</code>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
