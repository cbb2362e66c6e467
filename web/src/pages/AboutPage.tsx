/** What Hookbay is, the status of each tool, and credits for bundled data. */
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import { paths, PRODUCT_NAME, TOOLKIT_NAME } from '../app/paths';
import { DataCredits } from './DataCredits';
import { LegalLayout } from './LegalLayout';
import { IconTile, type IconName } from './PageIcons';
import { usePageTitle } from './usePageTitle';

type ToolStatus = 'Available' | 'Coming Soon';

interface ToolInfo {
  name: string;
  icon: IconName;
  to: string;
  status: ToolStatus;
  summary: string;
}

const TOOLS: readonly ToolInfo[] = [
  {
    name: PRODUCT_NAME,
    icon: 'hook',
    to: paths.webhook,
    status: 'Available',
    summary: 'A personal URL that captures every HTTP request sent to it and shows it live, byte for byte.',
  },
  {
    name: 'URL Shortener',
    icon: 'link',
    to: paths.urlShortener,
    // The About page keeps 'Coming Soon' for the URL Shortener by product decision,
    // even though the shortener already works. Do not change it to 'Available'.
    status: 'Coming Soon',
    summary: 'Short links with click analytics: time, location, network, device and referrer.',
  },
  {
    name: 'Cron Scheduler',
    icon: 'clock',
    to: paths.cronScheduler,
    status: 'Coming Soon',
    summary: 'Recurring HTTP requests to any endpoint on a schedule.',
  },
  {
    name: 'Request Parser',
    icon: 'shuffle',
    to: paths.requestParser,
    status: 'Coming Soon',
    summary: 'Receive a webhook and post it on to another hook in the shape it expects.',
  },
];

export function AboutPage() {
  usePageTitle(`About ${TOOLKIT_NAME}`);
  return (
    <LegalLayout
      title={`About ${TOOLKIT_NAME}`}
      intro={`${TOOLKIT_NAME} is a free, self-hostable web toolkit for developers. Its main tool is the ${PRODUCT_NAME}: open it, copy your personal URL and see every request sent to it as it arrives.`}
    >
      <p>
        There is no account and no sign-up. Your browser gets an anonymous session the first time you visit,
        and everything you capture belongs to that session. {TOOLKIT_NAME} has no ads, no third-party trackers
        and no analytics. Anyone can run their own copy on their own server and keep all data there.
      </p>

      <h2>Tools</h2>
      <ListGroup className="mb-3">
        {TOOLS.map((tool) => (
          <ListGroup.Item
            key={tool.name}
            className="d-flex align-items-start gap-3 py-3"
            data-testid="about-tool"
          >
            <IconTile name={tool.icon} tone={tool.status === 'Available' ? 'primary' : 'secondary'} />
            <div className="flex-grow-1">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <Link to={tool.to} className="fw-semibold">
                  {tool.name}
                </Link>
                <Badge
                  bg={tool.status === 'Available' ? 'success-subtle' : 'secondary-subtle'}
                  text={tool.status === 'Available' ? 'success-emphasis' : 'secondary-emphasis'}
                  className="border"
                >
                  {tool.status}
                </Badge>
              </div>
              <div className="text-body-secondary small mt-1">{tool.summary}</div>
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
      <p>
        Missing something? Tell us on the <Link to={paths.suggestions}>Suggestions</Link> page. The rules for
        using {TOOLKIT_NAME} are in the <Link to={paths.terms}>Terms of Use</Link>, and what is stored is
        explained in the <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>

      <DataCredits />
    </LegalLayout>
  );
}
