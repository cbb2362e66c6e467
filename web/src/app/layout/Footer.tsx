import { Container } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths, TOOLKIT_NAME } from '../paths';

export function Footer() {
  return (
    <footer className="border-top bg-body-tertiary py-3 mt-auto">
      <Container className="d-flex flex-wrap justify-content-between align-items-center gap-2 small">
        <span className="text-body-secondary">
          © {new Date().getFullYear()} {TOOLKIT_NAME}. Free and open for every developer.
        </span>
        <nav aria-label="Footer" className="d-flex gap-3">
          <Link to={paths.about}>About</Link>
          <Link to={paths.terms}>Terms</Link>
          <Link to={paths.privacy}>Privacy</Link>
          <Link to={paths.suggestions}>Suggestions</Link>
        </nav>
      </Container>
    </footer>
  );
}
