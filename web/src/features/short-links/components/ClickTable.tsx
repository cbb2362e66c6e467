/**
 * The 'Click Details': the most recent visits, bots marked, long texts cut with the full text on
 * hover. A table on wide screens; on a phone, where six columns cannot fit, one card per visit.
 */
import { useId, type ReactNode } from 'react';
import { Badge, Card, Table } from 'react-bootstrap';
import type { ClickRecord } from '../../../../../shared/links';
import { formatDateTime, truncate } from '../../../lib/format';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../../lib/useMediaQuery';
import { formatLocation } from '../analytics-format';
import { CLICK_COLUMNS, messages } from '../messages';

const USER_AGENT_MAX = 40;
const REFERER_MAX = 30;

const [TIMESTAMP, IP_ADDRESS, LOCATION, USER_AGENT, REFERER, ISP] = CLICK_COLUMNS;

export function ClickTable({ clicks }: { clicks: ClickRecord[] }) {
  const headingId = useId();
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  return (
    <Card>
      <Card.Header as="h2" className="h6" id={headingId}>
        {messages.clickDetails}
      </Card.Header>
      {clicks.length === 0 ? (
        <Card.Body className="text-center text-body-secondary">{messages.noClicks}</Card.Body>
      ) : (
        <>
          {isWide ? (
            <ClickRows clicks={clicks} labelId={headingId} />
          ) : (
            <ClickCards clicks={clicks} labelId={headingId} />
          )}
          <Card.Footer className="small text-body-secondary">
            {messages.recentClicksNote(clicks.length)}
          </Card.Footer>
        </>
      )}
    </Card>
  );
}

interface ClicksProps {
  clicks: ClickRecord[];
  /** The heading that names the table or list. */
  labelId: string;
}

function ClickRows({ clicks, labelId }: ClicksProps) {
  return (
    <Table responsive striped hover size="sm" className="mb-0 align-middle" aria-labelledby={labelId}>
      <thead>
        <tr>
          {CLICK_COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {clicks.map((click) => (
          <tr key={click.id}>
            <td className="text-nowrap">
              <When click={click} />
            </td>
            <td className="font-monospace">{click.ip || messages.unknown}</td>
            <td>{formatLocation(click, messages.unknown)}</td>
            <CutText as="td" text={click.userAgent} max={USER_AGENT_MAX} empty={messages.unknown} />
            <CutText as="td" text={click.referer} max={REFERER_MAX} empty={messages.direct} />
            <td>{click.isp || messages.unknown}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function ClickCards({ clicks, labelId }: ClicksProps) {
  return (
    <ul className="list-group list-group-flush" aria-labelledby={labelId}>
      {clicks.map((click) => (
        <li key={click.id} className="list-group-item py-3">
          <dl className="row mb-0 small">
            <Fact label={TIMESTAMP}>
              <When click={click} />
            </Fact>
            <Fact label={IP_ADDRESS}>
              <span className="font-monospace">{click.ip || messages.unknown}</span>
            </Fact>
            <Fact label={LOCATION}>{formatLocation(click, messages.unknown)}</Fact>
            <Fact label={USER_AGENT}>
              <CutText as="span" text={click.userAgent} max={USER_AGENT_MAX} empty={messages.unknown} />
            </Fact>
            <Fact label={REFERER}>
              <CutText as="span" text={click.referer} max={REFERER_MAX} empty={messages.direct} />
            </Fact>
            <Fact label={ISP}>{click.isp || messages.unknown}</Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-4 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-8 mb-1 text-break">{children}</dd>
    </>
  );
}

function When({ click }: { click: ClickRecord }) {
  return (
    <>
      {formatDateTime(click.timestamp)}
      {click.isBot && (
        <Badge bg="secondary" className="ms-2" title={click.botReason ?? undefined}>
          {messages.botBadge}
        </Badge>
      )}
    </>
  );
}

interface CutTextProps {
  as: 'td' | 'span';
  text: string | null;
  max: number;
  empty: string;
}

function CutText({ as: Element, text, max, empty }: CutTextProps) {
  if (!text) return <Element className="text-body-secondary">{empty}</Element>;
  return (
    <Element title={text} className="text-break">
      {truncate(text, max)}
    </Element>
  );
}
