/**
 * The Admin panel, mounted at /admin/*: the admin check guards it, then a sidebar of tabs and the
 * routes below /admin. A failed check (or no session at all) counts as not admin.
 */
import { Col, Row } from 'react-bootstrap';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LoadingStatus } from '../../components/LoadingStatus';
import { PageContainer } from '../../components/PageContainer';
import { usePageTitle } from '../../pages/usePageTitle';
import { useIsAdmin } from '../../session/useIsAdmin';
import { useSession } from '../../session/useSession';
import { AccessDenied } from './components/AccessDenied';
import { AdminSidebar } from './components/AdminSidebar';
import { ComingSoonPanel } from './components/ComingSoonPanel';
import { messages } from './messages';
import { LinksManagement } from './LinksManagement';
import { OrphanVisitsPanel } from './OrphanVisitsPanel';
import { SessionsManagement } from './SessionsManagement';
import { SuggestionsManagement } from './SuggestionsManagement';

export function AdminPage() {
  usePageTitle(messages.pageTitle);
  return (
    <PageContainer>
      <AdminGate />
    </PageContainer>
  );
}

function AdminGate() {
  const { status } = useSession();
  const { isAdmin, isChecking } = useIsAdmin();
  if (isAdmin) return <AdminPanel />;
  // Without a session the check never runs; that counts as a failed check.
  if (isChecking && status !== 'error') return <LoadingStatus text={messages.checking} className="py-5" />;
  return <AccessDenied />;
}

function AdminPanel() {
  return (
    <>
      <h1 className="h3 mb-4">{messages.pageTitle}</h1>
      <Row className="g-4">
        <Col md={3}>
          <AdminSidebar />
        </Col>
        <Col md={9}>
          <Routes>
            <Route index element={<SuggestionsManagement />} />
            <Route path="suggestions" element={<SuggestionsManagement />} />
            <Route path="links" element={<LinksManagement />} />
            <Route path="orphan-visits" element={<OrphanVisitsPanel />} />
            <Route path="sessions" element={<SessionsManagement />} />
            <Route path="dashboard" element={<ComingSoonPanel title={messages.dashboardTab} />} />
            <Route path="users" element={<ComingSoonPanel title={messages.usersTab} />} />
            <Route path="settings" element={<ComingSoonPanel title={messages.settingsTab} />} />
            <Route path="*" element={<Navigate to={paths.admin} replace />} />
          </Routes>
        </Col>
      </Row>
    </>
  );
}
