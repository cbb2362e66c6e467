import { Container, Form, Nav, Navbar, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { NavLink } from 'react-router-dom';
import { shortUserId } from '../../../../shared/sessions';
import { useIsAdmin } from '../../session/useIsAdmin';
import { useSession } from '../../session/useSession';
import { useTheme } from '../../theme/useTheme';
import { paths, PRODUCT_NAME, TOOLKIT_NAME } from '../paths';

export const NAVBAR_HEIGHT_PX = 76;

function ComingSoonItem({ label }: { label: string }) {
  return (
    <OverlayTrigger placement="bottom" overlay={<Tooltip>Coming Soon</Tooltip>}>
      {/* A disabled link gets no pointer events, so the tooltip hangs on a wrapper. */}
      <span className="d-inline-block" tabIndex={0} aria-label={`${label} (Coming Soon)`}>
        <Nav.Link disabled aria-disabled="true">
          {label}
        </Nav.Link>
      </span>
    </OverlayTrigger>
  );
}

function ThemeSwitch() {
  const { theme, toggleTheme } = useTheme();
  return (
    <Form.Check
      type="switch"
      id="theme-switch"
      label={theme === 'dark' ? 'Dark' : 'Light'}
      checked={theme === 'dark'}
      onChange={toggleTheme}
      aria-label="Dark theme"
      className="mb-0 ms-lg-3"
    />
  );
}

export function NavBar() {
  const { user } = useSession();
  const { isAdmin } = useIsAdmin();
  return (
    <Navbar
      expand="lg"
      fixed="top"
      className="bg-body-tertiary border-bottom shadow-sm"
      style={{ minHeight: NAVBAR_HEIGHT_PX }}
    >
      <Container fluid>
        <Navbar.Brand as={NavLink} to={paths.home} className="fw-bold">
          {TOOLKIT_NAME}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to={paths.home} end>
              Dashboard
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.webhook}>
              {PRODUCT_NAME}
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.urlShortener}>
              URL Shortener
            </Nav.Link>
            {isAdmin && (
              <Nav.Link as={NavLink} to={paths.admin}>
                Admin Panel
              </Nav.Link>
            )}
            <ComingSoonItem label="Cron Scheduler" />
            <ComingSoonItem label="Request Parser" />
          </Nav>
          <div className="d-flex align-items-center gap-3">
            {user && (
              <span className="small text-body-secondary" title={`Your session: ${user.sessionId}`}>
                User: <code data-testid="user-id">{shortUserId(user.sessionId)}</code>
              </span>
            )}
            <ThemeSwitch />
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
