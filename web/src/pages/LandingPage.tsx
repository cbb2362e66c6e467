/**
 * The home page: hero with the visitor's own webhook URL, why-choose features, what the Inspector
 * does beyond capturing, and the tool overview.
 */
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { LinkButton } from './LinkButton';
import { paths, PRODUCT_NAME, TOOLKIT_NAME } from '../app/paths';
import { LandingHeroPreview } from './LandingHeroPreview';
import { ToolsSection, WhyChooseSection } from './LandingSections';
import { WorkflowSection } from './LandingWorkflowSection';
import { PageIcon, type IconName } from './PageIcons';
import { usePageTitle } from './usePageTitle';
import './pages.css';

const HIGHLIGHTS: readonly { icon: IconName; label: string }[] = [
  { icon: 'check', label: 'Free' },
  { icon: 'check', label: 'No authentication required' },
  { icon: 'infinity', label: 'Unlimited requests' },
  { icon: 'bell', label: 'Browser notifications' },
];

export function LandingPage() {
  usePageTitle(`Free ${PRODUCT_NAME}`);
  return (
    <>
      <section className="hb-hero py-5">
        <Container className="py-lg-4">
          {/* Horizontal gutters no wider than the container's padding, or a phone scrolls sideways. */}
          <Row className="align-items-center gx-4 gx-lg-5 gy-5">
            <Col lg={6}>
              <p className="text-primary fw-semibold text-uppercase small mb-2">
                {TOOLKIT_NAME} · free developer toolkit
              </p>
              <h1 className="display-4 fw-bold hb-hero-title">{PRODUCT_NAME}</h1>
              <p className="fs-4 text-body-emphasis mb-3">Debug webhooks in real time with {TOOLKIT_NAME}.</p>
              <p className="lead text-body-secondary">
                Get a personal URL and watch every HTTP request sent to it arrive live, byte for byte: method,
                headers, query string and body. No sign-up, nothing to install.
              </p>
              <ul
                className="list-unstyled row row-cols-1 row-cols-sm-2 g-2 my-4"
                style={{ maxWidth: '34rem' }}
              >
                {HIGHLIGHTS.map((item) => (
                  <li key={item.label} className="col d-flex align-items-center gap-2 text-body-secondary">
                    <PageIcon name={item.icon} size={18} className="text-success flex-shrink-0" />
                    {item.label}
                  </li>
                ))}
              </ul>
              <div className="d-flex flex-wrap gap-2">
                <LinkButton to={paths.webhook} size="lg">
                  Get Started Free
                </LinkButton>
                <LinkButton to={paths.about} size="lg" variant="outline-secondary">
                  About {TOOLKIT_NAME}
                </LinkButton>
              </div>
            </Col>
            <Col lg={6}>
              <LandingHeroPreview />
            </Col>
          </Row>
        </Container>
      </section>
      <WhyChooseSection />
      <WorkflowSection />
      <ToolsSection />
    </>
  );
}
