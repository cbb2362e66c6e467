import { displayMethod, type WebhookEvent } from '../../../../../shared/webhooks';
import { formatRowTime } from '../../../lib/format';

/** A request named the way the list shows it: "POST /github?x=1 · 14:03:07 · #12". */
export function requestName(event: WebhookEvent, now?: Date): string {
  const target = event.path + (event.queryString ? `?${event.queryString}` : '');
  return `${displayMethod(event.method)} ${target} · ${formatRowTime(event.timestamp, now)} · #${event.id}`;
}
