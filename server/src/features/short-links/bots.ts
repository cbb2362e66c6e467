/**
 * Tells people from bots by user agent, on the redirect path (so: regexes only, no UA parsing).
 * Chat apps and social sites fetch a link to draw its preview card; those fetches are not people
 * clicking, so they are named apart from crawlers.
 */
import { isbot, isbotMatch } from 'isbot';

export interface BotVerdict {
  isBot: boolean;
  /** e.g. "link preview: Slackbot" or "isbot: Googlebot"; null for people. */
  botReason: string | null;
}

/** Link-preview fetchers by the name shown in the reason. Most are flagged by isbot as well, some (Viber) are not. */
const LINK_PREVIEW_AGENTS: readonly [RegExp, string][] = [
  [/Slackbot|Slack-ImgProxy/i, 'Slackbot'],
  [/facebookexternalhit|facebookcatalog|Facebot/i, 'Facebook'],
  [/LinkedInBot/i, 'LinkedInBot'],
  [/Discordbot/i, 'Discordbot'],
  [/WhatsApp/i, 'WhatsApp'],
  // Before Twitterbot: Telegram's agent reads "TelegramBot (like TwitterBot)".
  [/TelegramBot/i, 'TelegramBot'],
  [/Twitterbot/i, 'Twitterbot'],
  [/Applebot/i, 'Applebot'],
  [/SkypeUriPreview/i, 'SkypeUriPreview'],
  [/MicrosoftPreview/i, 'MicrosoftPreview'],
  [/redditbot/i, 'redditbot'],
  [/Embedly/i, 'Embedly'],
  [/Iframely/i, 'Iframely'],
  [/vkShare/i, 'vkShare'],
  [/Pinterest/i, 'Pinterest'],
  [/Mastodon\//i, 'Mastodon'],
  [/Bluesky Cardyb/i, 'Bluesky'],
  [/Snap URL Preview/i, 'Snapchat'],
  [/^Viber\//i, 'Viber'],
  [/Zoombot/i, 'Zoom'],
  [/Mattermost-Bot/i, 'Mattermost'],
  [/Google-PageRenderer/i, 'Google'],
  [/(?:Quora|Yahoo) Link Preview/i, 'Link Preview'],
];

const HUMAN: BotVerdict = { isBot: false, botReason: null };
const TOKEN_CHARACTER = /[\w.-]/;
const REASON_MAX_LENGTH = 100;

/**
 * Widens isbot's match to the whole word around it and drops a version, so "Google" inside
 * "Googlebot/2.1" reads "Googlebot" and "curl/8.4.0" reads "curl".
 */
function tokenAround(userAgent: string, match: string): string {
  let start = userAgent.indexOf(match);
  if (start === -1) return match;
  let end = start + match.length;
  while (start > 0 && TOKEN_CHARACTER.test(userAgent.charAt(start - 1))) start--;
  while (end < userAgent.length && TOKEN_CHARACTER.test(userAgent.charAt(end))) end++;
  const token = userAgent.slice(start, end).split('/')[0] || match;
  return token.slice(0, REASON_MAX_LENGTH);
}

/**
 * Verdicts of recent user agents: a link's visitors send a handful of distinct agents, and
 * running some thirty regular expressions on every click cost more than the lookup. Bounded, so
 * a stream of made-up agents cannot grow it; the oldest entry goes first.
 */
const VERDICT_CACHE_SIZE = 1000;
const verdicts = new Map<string, Readonly<BotVerdict>>();

/**
 * Judges a visit by its user agent. A visit without one is a bot too: every browser sends one, so
 * only scripts leave it out.
 */
export function classifyAgent(userAgent: string | null): Readonly<BotVerdict> {
  if (!userAgent) return judge(userAgent);
  const known = verdicts.get(userAgent);
  if (known) return known;
  const verdict = judge(userAgent);
  if (verdicts.size >= VERDICT_CACHE_SIZE) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(userAgent, verdict);
  return verdict;
}

function judge(userAgent: string | null): BotVerdict {
  if (!userAgent || !userAgent.trim()) return { isBot: true, botReason: 'no user agent' };
  for (const [pattern, name] of LINK_PREVIEW_AGENTS) {
    if (pattern.test(userAgent)) return { isBot: true, botReason: `link preview: ${name}` };
  }
  if (!isbot(userAgent)) return HUMAN;
  const match = isbotMatch(userAgent);
  return { isBot: true, botReason: `isbot: ${match ? tokenAround(userAgent, match) : 'bot'}` };
}
