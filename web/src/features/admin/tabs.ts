/** The Admin panel's sidebar tabs and their paths below /admin. */
import { paths } from '../../app/paths';
import { messages } from './messages';

export const ADMIN_TABS = [
  { segment: 'suggestions', label: messages.suggestionsTab },
  { segment: 'links', label: messages.linksTab },
  { segment: 'orphan-visits', label: messages.orphanVisitsTab },
  { segment: 'sessions', label: messages.sessionsTab },
  { segment: 'dashboard', label: messages.dashboardTab },
  { segment: 'users', label: messages.usersTab },
  { segment: 'settings', label: messages.settingsTab },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminSegment = AdminTab['segment'];

/** The tab that opens at /admin itself. */
export const DEFAULT_TAB: AdminSegment = 'suggestions';

export function adminTabPath(segment: AdminSegment): string {
  return `${paths.admin}/${segment}`;
}

/** The tab a path below /admin shows; /admin itself (and anything unknown) shows the default tab. */
export function activeTab(pathname: string): AdminSegment {
  const prefix = `${paths.admin}/`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  const segment = rest.split('/')[0];
  return ADMIN_TABS.find((tab) => tab.segment === segment)?.segment ?? DEFAULT_TAB;
}
