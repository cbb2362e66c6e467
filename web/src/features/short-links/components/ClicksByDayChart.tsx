/** Clicks per day over the chosen period as a plain SVG bar chart, with the numbers also as a table. */
import { useId } from 'react';
import { Card, Table } from 'react-bootstrap';
import { ANALYTICS_PERIOD_DAYS, type AnalyticsPeriod, type DayCount } from '../../../../../shared/links';
import { chartDaysOf, lastDays } from '../analytics-format';
import { messages } from '../messages';

const WIDTH = 600;
const HEIGHT = 170;
const TOP = 16;
const BASE = 140;

export function ClicksByDayChart({ byDay, period }: { byDay: DayCount[]; period: AnalyticsPeriod }) {
  const titleId = useId();
  const days = lastDays(byDay, chartDaysOf(period, byDay));
  const periodDays = ANALYTICS_PERIOD_DAYS[period];
  const total = days.reduce((sum, entry) => sum + entry.clicks, 0);
  const max = Math.max(1, ...days.map((entry) => entry.clicks));
  const slot = WIDTH / days.length;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);

  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6">
        {messages.clicksPerDay(periodDays)}
      </Card.Header>
      <Card.Body>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-labelledby={titleId}>
          <title id={titleId}>{messages.clicksPerDayLabel(periodDays, total)}</title>
          <text x={0} y={TOP - 4} fontSize={12} fill="var(--bs-secondary-color)">
            {max}
          </text>
          <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} stroke="var(--bs-border-color)" />
          {days.map((entry, index) => {
            const height = ((BASE - TOP) * entry.clicks) / max;
            return (
              <g key={entry.day}>
                <rect
                  x={index * slot + slot * 0.15}
                  y={BASE - height}
                  width={slot * 0.7}
                  height={height}
                  rx={2}
                  fill="var(--bs-primary)"
                >
                  <title>{`${entry.day}: ${messages.clicks(entry.clicks)}`}</title>
                </rect>
                {labelled.has(index) && (
                  <text
                    x={index * slot + slot / 2}
                    y={BASE + 18}
                    fontSize={12}
                    textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'}
                    fill="var(--bs-secondary-color)"
                  >
                    {entry.day.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <details className="mt-2 small">
          <summary>{messages.dailyNumbers}</summary>
          <Table size="sm" className="mt-2 mb-0" aria-label={messages.clicksPerDay(periodDays)}>
            <thead>
              <tr>
                <th scope="col">{messages.day}</th>
                <th scope="col">{messages.totalClicks}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((entry) => (
                <tr key={entry.day}>
                  <td>{entry.day}</td>
                  <td>{entry.clicks}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      </Card.Body>
    </Card>
  );
}
