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
  updated: SUGGESTION_UPDATED_MESSAGE,
  updateFailed: SUGGESTION_UPDATE_FAILED_MESSAGE,
  fetchFailed: SUGGESTIONS_FETCH_FAILED_MESSAGE,
  statTotal: 'Total',

  // This screen's own wording for things the product notes leave open.
  pageTitle: 'Admin Panel',
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
  linkDisabled: (id: string) => `Link ${id} disabled: it now answers “This link was disabled”.`,
  linkEnabled: (id: string) => `Link ${id} enabled again.`,
  linkUpdateFailed: 'Failed to update the link',
} as const;
