/** Every text the URL Shortener and its analytics page show a person, in one place. */
import { INVALID_URL_MESSAGE } from '../../../../shared/links';

export const messages = {
  // The product's own texts, verbatim.
  invalidUrl: INVALID_URL_MESSAGE,
  added: 'URL added successfully!',
  deleted: 'URL deleted successfully!',
  updated: 'URL updated successfully!',
  fetchFailed: 'Failed to fetch URLs',
  addFailed: 'Failed to add URL',
  addFailedBecause: (reason: string) => `Failed to add URL: ${reason}`,
  deleteFailed: 'Failed to delete URL',
  updateFailed: 'Failed to update URL - Update endpoint may not be available',
  originalCopied: 'Original URL copied to clipboard',
  shortCopied: 'Short URL copied to clipboard',
  copyFailed: 'Failed to copy URL',
  newClick: (urlId: string) => `New click on URL #${urlId}!`,
  confirmDelete: 'Are you sure you want to delete this URL?',
  emptyTitle: 'No URLs yet',
  noSelectionTitle: 'No URL selected',
  originalUrl: 'Original URL',
  shortUrl: 'Short URL',
  analytics: 'Analytics',
  spaceSaved: 'Space Saved',
  urlInfo: 'URL Info',
  created: 'Created',
  status: 'Status',
  active: 'Active',
  addUrl: 'Add URL',
  editUrl: 'Edit URL',
  shorten: 'Shorten',
  open: 'Open',
  analyticsFailed: 'Failed to fetch analytics data',
  noAnalytics: 'No analytics data found',
  noClicks: 'No clicks yet',
  clickDetails: 'Click Details',
  unknown: 'Unknown',

  // This screen's own wording for things the product notes leave open.
  pageTitle: 'URL Shortener',
  listTitle: 'Your URLs',
  emptyText: 'Paste a long URL above to create your first short link',
  noSelectionText: 'Select a URL from the sidebar to view details',
  quickAddPlaceholder: 'Paste a long URL… (https://example.com/a/very/long/path)',
  quickAddLabel: 'Long URL to shorten',
  formLabel: 'Long URL',
  formPlaceholder: 'https://example.com/a/very/long/path',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  viewAnalytics: 'View analytics',
  deleteUrl: 'Delete URL',
  deleteTitle: 'Delete URL',
  totalClicks: 'Total Clicks',
  clicks: (count: number) => `${count} ${count === 1 ? 'click' : 'clicks'}`,
  loadingUrls: 'Loading URLs…',
  retry: 'Retry',

  analyticsTitle: 'URL Analytics',
  analyticsHeading: (url: string) => `Analytics for ${url}`,
  loadingAnalytics: 'Loading analytics…',
  back: 'Back',
  backToShortener: 'Back to URL Shortener',
  uniqueVisitors: 'Unique Visitors',
  botVisits: (count: number) => `${count} bot/preview ${count === 1 ? 'visit' : 'visits'} not counted`,
  botBadge: 'bot',
  direct: 'Direct',
  clicksPerDay: (days: number | null) =>
    days === null ? 'Clicks per day (all time)' : `Clicks per day (last ${days} days)`,
  clicksPerDayLabel: (days: number | null, total: number) =>
    `Bar chart of clicks per day over ${days === null ? 'all time' : `the last ${days} days`}, ${total} in total`,
  dailyNumbers: 'Show the numbers',
  day: 'Day',
  topCountries: 'Top countries',
  topBrowsers: 'Top browsers',
  topOs: 'Top operating systems',
  topReferrers: 'Top referrers',
  noDataYet: 'No data yet',
  qrCode: 'QR code',
  qrAlt: (url: string) => `QR code for ${url}`,
  qrFailed: 'The QR code could not be drawn.',
  downloadQr: 'Download QR code',
  downloadCsv: 'Download CSV',
  recentClicksNote: (shown: number) => `The ${shown} most recent visits, bots included.`,

  // Short-link options.
  moreOptions: 'More options',
  fewerOptions: 'Fewer options',
  aliasLabel: 'Alias',
  aliasHelp: 'Your own short name: 3 to 64 letters, digits, - or _. Leave empty for a random one.',
  aliasEditHelp: 'A new alias changes the short URL; the old one stops working.',
  useAlias: (alias: string) => `Use “${alias}”`,
  aliasFree: 'This one is free:',
  expiresLabel: 'Expires',
  expiresHelp: 'After this date and time the link shows “expired” instead of redirecting.',
  maxClicksLabel: 'Click limit',
  maxClicksHelp: 'After this many visits by people the link stops working. Bots do not count.',
  passwordLabel: 'Password',
  passwordHelp: 'Visitors must enter it before they are sent on.',
  passwordEditHelp: 'This link has a password. Type a new one to change it.',
  removePassword: 'Remove password',

  // Redirect, fallback and start.
  routingSection: 'Redirect and fallback',
  redirectStatusLabel: 'Redirect status',
  redirectStatusHelp:
    'How the link redirects. 302 and 307 are never cached, so edits and clicks always reach Hookbay.',
  redirectCachedWarning:
    '301 and 308 are cached by browsers (Hookbay allows an hour, some keep them longer): later edits and click counts may not reach them.',
  fallbackLabel: 'Fallback URL',
  fallbackHelp:
    'Where visitors go when the link is expired, used up, disabled or not active yet, instead of a notice page. A redirect there is not counted as a click.',
  startsLabel: 'Starts',
  startsHelp:
    'Before this date and time the link says it is not active yet (or sends visitors to the fallback).',
  redirectStatus: 'Redirect status',
  fallback: 'Fallback URL',
  starts: 'Starts',
  linkOptions: 'Link options',
  noOptions: 'None',
  alias: 'Alias',
  expires: 'Expires',
  clickLimit: 'Click limit',
  clickLimitValue: (clicks: number, limit: number) => `${clicks} of ${limit} used`,
  passwordProtected: 'Password-protected',
  yes: 'Yes',
  state: 'State',
  lockedMarker: 'Password-protected',
  expiryMarker: (date: string) => `Expires ${date}`,
  limitMarker: (limit: number) => `Limited to ${limit} clicks`,
  period: 'Period',
  periodNote:
    'The chart, the lists, unique visitors and bots cover this period; total clicks are of all time.',
  topDevices: 'Devices',
  uniqueVisitorsNote: 'Counted per day: a visitor who comes back on another day counts again.',

  // Social cards.
  socialCard: 'Social card',
  socialCardHelp:
    'What Slack, X, Discord, WhatsApp and other apps show when the short link is shared. People are always sent straight on.',
  cardTitleLabel: 'Card title',
  cardDescriptionLabel: 'Card description',
  cardImageLabel: 'Card image URL',
  cardImageHelp: 'An http:// or https:// address of a picture, ideally 1200 × 630 pixels.',
  charactersLeft: (count: number) => `${count} ${count === 1 ? 'character' : 'characters'} left`,
  cardPreview: 'Preview',
  cardPreviewLabel: 'Preview of the social card',
  cardImageFrom: (host: string) => `Image from ${host}`,
  noSocialCard: 'None: link previews show the destination’s own card.',
  retiredVisitsTitle: 'Visits to deleted or renamed links',
  retiredVisitsHelp: (days: number) =>
    `Visits in the last ${days} days to short URLs this session deleted or renamed away; they now end on a “not found” page.`,
  retiredVisitsNone: 'No visits to deleted or renamed links.',
  retiredVisitsFailed: 'The visits could not be loaded.',
} as const;

const DEVICE_LABELS: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  bot: 'Bot',
};

/** A device type as shown: "Desktop", "Mobile", "Tablet", "Bot". */
export function deviceLabel(type: string): string {
  return DEVICE_LABELS[type] ?? type;
}

/** Table headings of the click details, in order. */
export const CLICK_COLUMNS = ['Timestamp', 'IP Address', 'Location', 'User Agent', 'Referer', 'ISP'] as const;
