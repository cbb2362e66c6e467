/** Marketing page for tools that are still being built, plus the two ready-made pages the router uses. */
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { PageContainer } from '../components/PageContainer';
import { LinkButton } from './LinkButton';
import { paths, PRODUCT_NAME, TOOLKIT_NAME } from '../app/paths';
import { IconTile, PageIcon, type IconName } from './PageIcons';
import { usePageTitle } from './usePageTitle';
import './pages.css';

export interface ComingSoonPageProps {
  title: string;
  description: string;
  /** What the tool will do; a generic list is shown when omitted. */
  features?: readonly string[];
  icon?: IconName;
}

const DEFAULT_FEATURES: readonly string[] = [
  'Free to use, like every other Hookbay tool',
  'No account or authentication required',
  'Works with any HTTP client or service',
];

export function ComingSoonPage({
  title,
  description,
  features = DEFAULT_FEATURES,
  icon = 'clock',
}: ComingSoonPageProps) {
  usePageTitle(title);
  return (
    <PageContainer>
      <Card className="border-0 bg-body-tertiary">
        <Card.Body className="p-4 p-md-5">
          <Row className="gx-5 gy-4">
            <Col lg={7}>
              <div className="d-flex align-items-center gap-3 mb-3">
                <IconTile name={icon} />
                <Badge bg="warning-subtle" text="warning-emphasis" className="border border-warning-subtle">
                  Coming Soon
                </Badge>
              </div>
              <h1 className="fw-bold">{title}</h1>
              <p className="lead text-body-secondary">{description}</p>
              <p className="text-body-secondary">
                {title} is not available yet. In the meantime, the {PRODUCT_NAME} is ready to use today, free
                and without sign-up. Ideas for this tool are welcome on the{' '}
                <Link to={paths.suggestions}>Suggestions</Link> page.
              </p>
              <div className="d-flex flex-wrap gap-2">
                <LinkButton to={paths.webhook}>Try the Webhook Inspector</LinkButton>
                <LinkButton to={paths.home} variant="outline-secondary">
                  Back to {TOOLKIT_NAME}
                </LinkButton>
              </div>
            </Col>
            <Col lg={5}>
              <h2 className="h6 text-uppercase text-body-secondary mt-lg-2">What it will do</h2>
              <ul className="list-unstyled mb-0">
                {features.map((feature) => (
                  <li key={feature} className="d-flex align-items-start gap-2 mb-2">
                    <PageIcon name="check" size={20} className="text-success flex-shrink-0 mt-1" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </Col>
          </Row>
        </Card.Body>
      </Card>
    </PageContainer>
  );
}

export function CronSchedulerPage() {
  return (
    <ComingSoonPage
      title="Cron Scheduler"
      description="Schedule recurring HTTP tasks: call any URL every few minutes, hourly or daily, and see how each run went."
      icon="clock"
      features={[
        'Run GET or POST requests on a cron schedule',
        'Custom headers and request bodies for every task',
        'A history of each run with status code, timing and response',
        'Send the runs to your Webhook Inspector URL to see them live',
      ]}
    />
  );
}

export function RequestParserPage() {
  return (
    <ComingSoonPage
      title="Request Parser"
      description="Receive a webhook and post it on to another hook, reshaped into the format the next service expects."
      icon="shuffle"
      features={[
        'A personal URL that accepts webhooks from any service',
        'Pick fields from the incoming JSON, form or query string',
        'Map them into a new body and forward it to another hook',
        'See each incoming request next to what was sent on',
      ]}
    />
  );
}
