/** Every text the Admin panel shows a person, in one place. */
import {
  SUGGESTION_UPDATE_FAILED_MESSAGE,
  SUGGESTION_UPDATED_MESSAGE,
  SUGGESTIONS_FETCH_FAILED_MESSAGE,
} from '../../../../shared/suggestions';

export const messages = {
  // The product's own texts, verbatim.
  checking: 'Checking permissions...',
  accessDenied: 'Access Denied',
  adminRequired: 'Admin Access Required',
  goBack: 'Go Back',
  goHome: 'Go to Home',
  suggestionsTab: 'Suggestions Management',
  dashboardTab: 'Dashboard',
  usersTab: 'User Management',
  settingsTab: 'Settings',
  linksTab: 'Links',
  orphanVisitsTab: 'Orphan visits',
  updated: SUGGESTION_UPDATED_MESSAGE,
  updateFailed: SUGGESTION_UPDATE_FAILED_MESSAGE,
  fetchFailed: SUGGESTIONS_FETCH_FAILED_MESSAGE,
  statTotal: 'Total',

  // This screen's own wording for things the product notes leave open.
  pageTitle: 'Admin Panel',
  orphanVisitsHelp: (kept: number, days: number) =>
    `Visits to short links that do not exist (typos, deleted links). The ${kept.toLocaleString('en-US')} most recent of the last ${days} days are kept, without IP addresses.`,
  orphanVisitsLoading: 'Loading visits…',
  orphanVisitsFailed: 'The visits could not be loaded.',
  orphanVisitsEmpty: 'No visits to unknown short links.',
  orphanVisitsTotal: (total: number) => `${total.toLocaleString('en-US')} visits kept.`,
  sectionsLabel: 'Admin sections',
  deniedText:
    'This area is only for Hookbay admins. If you run this instance, grant your session admin rights with the admin command.',
  comingSoon: 'Coming Soon',
  comingSoonText: (feature: string) =>
    `${feature} is coming soon. Suggestions Management is ready to use today.`,
  statsLabel: 'Suggestion statistics',
  filterLabel: 'Filter by status',
  allStatuses: 'All',
  listTitle: 'Suggestions',
  loading: 'Loading suggestions…',
  emptyTitle: 'No suggestions',
  emptyAll: 'Nobody has sent a suggestion yet.',
  emptyFiltered: (status: string) => `No suggestions are ${status}.`,
  submittedBy: 'Session',
  email: 'Email',
  created: 'Created',
  status: 'Status',
  adminNotes: 'Admin notes',
  adminNotesPlaceholder: 'Visible to the person who sent the suggestion',
  update: 'Update',
  updating: 'Updating…',
  updateFormLabel: (title: string) => `Update “${title}”`,

  // Links tab.
  linksTitle: 'Short links',
  linksSearchLabel: 'Destination host or link id',
  linksSearchPlaceholder: 'e.g. example.com or launch-2025',
  linksSearch: 'Search',
  linksSearchHint: 'Find any session’s links by the host they lead to or by their id.',
  linksNone: (query: string) => `No links lead to a host containing “${query}” or have that id.`,
  linksSearchFailed: 'Failed to search links',
  linksColumns: ['Short link', 'Destination', 'Owner', 'Clicks', 'State', ''] as const,
  disable: 'Disable',
  enable: 'Enable',
  disableTitle: 'Disable link',
  disableConfirm: (id: string, url: string) =>
    `Disable link ${id}? Everyone who opens it will see “This link was disabled” instead of going to ${url}. You can enable it again later.`,
  linkDisabled: (id: string) => `Link ${id} disabled: it now answers “This link was disabled”.`,
  linkEnabled: (id: string) => `Link ${id} enabled again.`,
  linkUpdateFailed: 'Failed to update the link',

  // Sessions tab.
  sessionsTab: 'Sessions',
  freeNameTitle: 'Free a name',
  freeNameField: 'Inspector name',
  freeNameHelp:
    'The inspector keeps its session id URL; /webhook/{name} answers 404 at once and anyone may take the name.',
  freeName: 'Free name',
  nameFreed: (name: string, session: string) => `${name} is free again (it was session ${session})`,
  freeNameFailed: 'Could not free the name',
  sessionsTitle: 'Sessions',
  sessionsIntro:
    'Captured requests kept per session, bodies and headers counted. “Last 24 h” counts the requests captured in the last 24 hours that are still stored.',
  /** The instance total against its budget (STORAGE_MAX_MB). */
  instanceStorage: (stored: string, budget: string, percent: number) =>
    `All sessions together: ${stored} of the instance’s ${budget} budget (${percent}%). Past it, the largest sessions lose their oldest requests first.`,
  instanceStorageLabel: 'Instance storage against its budget',
  sessionsLoading: 'Loading sessions…',
  sessionsLoadFailed: 'Failed to load sessions',
  refresh: 'Refresh',
  largestTitle: 'Most storage',
  largestNone: 'No session holds any requests.',
  busiestTitle: 'Most captures in the last 24 hours',
  busiestNone: 'No requests were captured in the last 24 hours.',
  suspendedTitle: 'Suspended webhook URLs',
  suspendedNone: 'No webhook URL is suspended.',
  sessionsColumns: ['Session', 'Requests', 'Last 24 h', 'Stored', 'Last capture', 'State', ''] as const,
  never: 'never',
  copyId: 'Copy id',
  sessionIdCopied: 'Session id copied to clipboard',
  stateActive: 'Active',
  stateSuspended: 'Suspended',
  suspend: 'Suspend',
  lift: 'Lift',
  delete: 'Delete',
  deleteRequests: 'Delete requests',
  suspendLabel: (shortId: string) => `Suspend ${shortId}`,
  liftLabel: (shortId: string) => `Lift suspension of ${shortId}`,
  deleteLabel: (shortId: string) => `Delete requests of ${shortId}`,
  suspended: (shortId: string) =>
    `Webhook URL of ${shortId} suspended: its captures now answer 410 and store nothing.`,
  lifted: (shortId: string) => `Suspension of ${shortId} lifted: its webhook URL captures again.`,
  suspendFailed: 'Failed to update the session',
  deleteTitle: 'Delete requests',
  deleteConfirm: (shortId: string, requests: number, size: string) =>
    `Delete all ${requests} stored requests (${size}) of session ${shortId}? This cannot be undone; its webhook URL keeps working.`,
  deleted: (shortId: string, count: number) =>
    `Deleted ${count} ${count === 1 ? 'request' : 'requests'} of ${shortId}.`,
  deleteFailed: 'Failed to delete the requests',
} as const;
