/** The 'Click Details' table: the most recent visits, bots marked, long texts cut with the full text on hover. */
import { useId } from 'react';
import { Badge, Card, Table } from 'react-bootstrap';
import type { ClickRecord } from '../../../../../shared/links';
import { formatDateTime, truncate } from '../../../lib/format';
import { formatLocation } from '../analytics-format';
import { CLICK_COLUMNS, messages } from '../messages';

const USER_AGENT_MAX = 40;
const REFERER_MAX = 30;

export function ClickTable({ clicks }: { clicks: ClickRecord[] }) {
  const headingId = useId();
  return (
    <Card>
      <Card.Header as="h2" className="h6" id={headingId}>
        {messages.clickDetails}
      </Card.Header>
      {clicks.length === 0 ? (
        <Card.Body className="text-center text-body-secondary">{messages.noClicks}</Card.Body>
      ) : (
        <>
          <Table responsive striped hover size="sm" className="mb-0 align-middle" aria-labelledby={headingId}>
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
                <ClickRow key={click.id} click={click} />
              ))}
            </tbody>
          </Table>
          <Card.Footer className="small text-body-secondary">
            {messages.recentClicksNote(clicks.length)}
          </Card.Footer>
        </>
      )}
    </Card>
  );
}

function ClickRow({ click }: { click: ClickRecord }) {
  return (
    <tr>
      <td className="text-nowrap">
        {formatDateTime(click.timestamp)}
        {click.isBot && (
          <Badge bg="secondary" className="ms-2" title={click.botReason ?? undefined}>
            {messages.botBadge}
          </Badge>
        )}
      </td>
      <td className="font-monospace">{click.ip || messages.unknown}</td>
      <td>{formatLocation(click, messages.unknown)}</td>
      <CutCell text={click.userAgent} max={USER_AGENT_MAX} empty={messages.unknown} />
      <CutCell text={click.referer} max={REFERER_MAX} empty={messages.direct} />
      <td>{click.isp || messages.unknown}</td>
    </tr>
  );
}

function CutCell({ text, max, empty }: { text: string | null; max: number; empty: string }) {
  if (!text) return <td className="text-body-secondary">{empty}</td>;
  return (
    <td title={text} className="text-break">
      {truncate(text, max)}
    </td>
  );
}
