/** The link's state on its analytics page (active, expired, limit reached, disabled, password-protected). */
import { Badge } from 'react-bootstrap';
import { LINK_STATE_LABELS, type UrlAnalytics } from '../../../../../shared/links';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';
import { STATE_VARIANTS } from './UrlDetail';

export function LinkStateBar({ analytics }: { analytics: UrlAnalytics }) {
  const facts = [
    analytics.expiresAt && `${messages.expires}: ${formatDateTime(analytics.expiresAt)}`,
    analytics.maxClicks &&
      `${messages.clickLimit}: ${messages.clickLimitValue(analytics.totalClicks, analytics.maxClicks)}`,
    // The badge already says so when the password is what a visitor meets first.
    analytics.hasPassword && analytics.state !== 'password-protected' && messages.passwordProtected,
  ].filter((fact): fact is string => typeof fact === 'string');
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" data-testid="link-state">
      <span className="text-body-secondary">{messages.state}:</span>
      <Badge bg={STATE_VARIANTS[analytics.state]}>{LINK_STATE_LABELS[analytics.state]}</Badge>
      {facts.map((fact) => (
        <small key={fact} className="text-body-secondary">
          · {fact}
        </small>
      ))}
    </div>
  );
}
