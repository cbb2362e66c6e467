/** The link's state on its analytics page (active, expired, limit reached, disabled, password-protected). */
import type { UrlAnalytics } from '../../../../../shared/links';
import { LinkStateBadge } from '../../../components/LinkStateBadge';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';

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
      <LinkStateBadge state={analytics.state} />
      {facts.map((fact) => (
        <small key={fact} className="text-body-secondary">
          · {fact}
        </small>
      ))}
    </div>
  );
}
