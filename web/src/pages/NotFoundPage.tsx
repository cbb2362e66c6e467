/** Shown for any path the app does not know. */
import { PageContainer } from '../components/PageContainer';
import { LinkButton } from './LinkButton';
import { paths } from '../app/paths';
import { usePageTitle } from './usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PageContainer className="text-center">
      <p className="display-1 fw-bold text-body-tertiary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="fw-bold">Page not found</h1>
      <p className="lead text-body-secondary mb-4">
        The page you are looking for does not exist or has moved.
      </p>
      <LinkButton to={paths.home} size="lg">
        Go to Home
      </LinkButton>
    </PageContainer>
  );
}
