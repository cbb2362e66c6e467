/** The list's mark of a link whose destination's latest check failed. */
import type { ShortUrl } from '../../../../shared/links';
import { checkMessages as text } from './messages';
import { useLinkChecks } from './useLinkChecks';

export function BrokenMark({ url }: { url: ShortUrl }) {
  const check = useLinkChecks().get(url.id);
  if (!check || check.ok || check.destination !== url.url) return null;
  return (
    <span className="badge text-bg-danger flex-shrink-0" title={check.error ?? text.brokenMark}>
      {text.broken}
    </span>
  );
}
