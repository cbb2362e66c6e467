/**
 * The page link previews get for a link with a social card: Open Graph and Twitter card tags,
 * then a refresh and a link to the destination for anyone who opens it after all. Only fetchers
 * bots.ts names as link previews get it; people and other bots are redirected as always.
 *
 * og:url is the short URL, not the destination: Facebook and LinkedIn re-read the page og:url
 * names and would otherwise show the destination's own tags instead of the card, and a preview
 * that is clicked then still goes through the short link and is counted.
 */
import type { LinkCard } from '../../../../shared/link-card.js';
import { classifyAgent } from './bots.js';

const LINK_PREVIEW_REASON = 'link preview: ';

/** True when the user agent is a chat app's or social site's link-preview fetcher. */
export function isLinkPreviewAgent(userAgent: string | null): boolean {
  return classifyAgent(userAgent).botReason?.startsWith(LINK_PREVIEW_REASON) ?? false;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The title when the card has none: the destination's host name. */
function fallbackTitle(destination: string): string {
  try {
    return new URL(destination).hostname || destination;
  } catch {
    return destination;
  }
}

export interface CardPageInput {
  card: LinkCard;
  /** The short URL (og:url). */
  shortUrl: string;
  /** The destination as a Location header value. */
  location: string;
}

/** The whole page; every value is escaped. */
export function renderCardPage({ card, shortUrl, location }: CardPageInput): string {
  const title = card.title ?? fallbackTitle(location);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:url', shortUrl],
    ['property', 'og:title', title],
  ];
  if (card.description) tags.push(['property', 'og:description', card.description]);
  if (card.image) tags.push(['property', 'og:image', card.image]);
  tags.push(['name', 'twitter:card', card.image ? 'summary_large_image' : 'summary']);
  tags.push(['name', 'twitter:title', title]);
  if (card.description) tags.push(['name', 'twitter:description', card.description]);
  if (card.image) tags.push(['name', 'twitter:image', card.image]);
  if (card.description) tags.push(['name', 'description', card.description]);
  const meta = tags
    .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`)
    .join('\n');
  const destination = escapeHtml(location);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${meta}
<meta http-equiv="refresh" content="0; url=${destination}">
</head>
<body>
<p><a href="${destination}">${escapeHtml(title)}</a></p>
</body>
</html>
`;
}
