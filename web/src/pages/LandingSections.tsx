/** The feature and tool sections of the landing page. */
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { LinkButton } from './LinkButton';
import { paths, PRODUCT_NAME } from '../app/paths';
import { IconTile, type IconName } from './PageIcons';

interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: 'shield',
    title: 'Secure & Reliable',
    text: 'Every session gets its own unguessable endpoint, nothing is passed on to third parties, and you can self-host Hookbay to keep every byte on your own server.',
  },
  {
    icon: 'pulse',
    title: 'Real-Time Monitoring',
    text: 'Requests appear the moment they arrive, exactly as they were sent, with optional browser notifications so you never miss a delivery.',
  },
  {
    icon: 'infinity',
    title: 'Unlimited Requests',
    text: 'No sign-up, no paywall and no request quota: send as many webhooks as your integration needs.',
  },
];

interface Tool {
  icon: IconName;
  title: string;
  text: string;
  to: string;
  action: 'Use Now' | 'Learn More';
  comingSoon?: boolean;
}

const TOOLS: readonly Tool[] = [
  {
    icon: 'hook',
    title: PRODUCT_NAME,
    text: 'Get a personal URL and inspect every incoming HTTP request live: method, headers, query and body.',
    to: paths.webhook,
    action: 'Use Now',
  },
  {
    icon: 'link',
    title: 'URL Shortener',
    text: 'Turn long links into short ones and see who clicks them: time, location, device and referrer.',
    to: paths.urlShortener,
    action: 'Use Now',
  },
  {
    icon: 'clock',
    title: 'Cron Scheduler',
    text: 'Schedule recurring HTTP requests to any endpoint and keep an eye on every run.',
    to: paths.cronScheduler,
    action: 'Learn More',
    comingSoon: true,
  },
  {
    icon: 'shuffle',
    title: 'Request Parser',
    text: 'Receive a webhook, reshape it and post it on to another hook.',
    to: paths.requestParser,
    action: 'Learn More',
    comingSoon: true,
  },
];

export function WhyChooseSection() {
  return (
    <section className="py-5" aria-labelledby="why-choose-heading">
      <Container>
        <h2 id="why-choose-heading" className="text-center fw-bold mb-4">
          Why Choose Our Webhook Inspector?
        </h2>
        <Row xs={1} md={3} className="g-4">
          {FEATURES.map((feature) => (
            <Col key={feature.title}>
              <Card className="h-100 border-0 bg-body-tertiary">
                <Card.Body className="p-4">
                  <IconTile name={feature.icon} />
                  <Card.Title as="h3" className="h5 mt-3">
                    {feature.title}
                  </Card.Title>
                  <Card.Text className="text-body-secondary">{feature.text}</Card.Text>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}

export function ToolsSection() {
  return (
    <section className="py-5 border-top" aria-labelledby="tools-heading">
      <Container>
        <h2 id="tools-heading" className="text-center fw-bold mb-4">
          Our Tools
        </h2>
        <Row xs={1} sm={2} lg={4} className="g-4">
          {TOOLS.map((tool) => (
            <Col key={tool.title}>
              <Card className="h-100 hb-card-lift" data-testid="tool-card">
                <Card.Body className="d-flex flex-column p-4">
                  <div className="d-flex align-items-start justify-content-between">
                    <IconTile name={tool.icon} tone={tool.comingSoon ? 'secondary' : 'primary'} />
                    {tool.comingSoon && (
                      <Badge bg="secondary-subtle" text="secondary-emphasis" className="border">
                        Coming Soon
                      </Badge>
                    )}
                  </div>
                  <Card.Title as="h3" className="h5 mt-3">
                    {tool.title}
                  </Card.Title>
                  <Card.Text className="text-body-secondary flex-grow-1">{tool.text}</Card.Text>
                  <LinkButton
                    to={tool.to}
                    variant={tool.comingSoon ? 'outline-primary' : 'primary'}
                    className="align-self-start"
                  >
                    {tool.action}
                  </LinkButton>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
