/** The Admin panel's tabs as a vertical list of links; the one for the current path is highlighted. */
import { Link, useLocation } from 'react-router-dom';
import { messages } from '../messages';
import { activeTab, ADMIN_TABS, adminTabPath } from '../tabs';

export function AdminSidebar() {
  const current = activeTab(useLocation().pathname);
  return (
    <nav aria-label={messages.sectionsLabel}>
      <ul className="nav nav-pills flex-column gap-1">
        {ADMIN_TABS.map((tab) => {
          const isActive = tab.segment === current;
          return (
            <li key={tab.segment} className="nav-item">
              <Link
                to={adminTabPath(tab.segment)}
                className={isActive ? 'nav-link active' : 'nav-link'}
                aria-current={isActive ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
