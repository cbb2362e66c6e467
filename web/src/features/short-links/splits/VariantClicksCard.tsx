/** Clicks per split variant on a link's analytics page, each variant with its weight and share of the clicks. */
import { Card, Table } from 'react-bootstrap';
import { variantLabel } from '../../../../../shared/link-splits';
import type { UrlAnalytics } from '../../../../../shared/links';
import { messages } from './messages';

interface VariantRow {
  key: string;
  name: string;
  destination: string | null;
  weight: number | null;
  clicks: number;
}

/** The split's variants in their order, then variants since removed that still have clicks. */
function rowsOf(analytics: UrlAnalytics): VariantRow[] {
  const clicksOf = (id: string) => analytics.byVariant.find((entry) => entry.variantId === id)?.clicks ?? 0;
  const current = (analytics.split?.variants ?? []).map((variant, index) => ({
    key: variant.id,
    name: variantLabel(index),
    destination: variant.destination,
    weight: variant.weight,
    clicks: clicksOf(variant.id),
  }));
  const removed = analytics.byVariant
    .filter((entry) => !current.some((row) => row.key === entry.variantId))
    .map((entry) => ({
      key: entry.variantId,
      name: messages.removedVariant,
      destination: null,
      weight: null,
      clicks: entry.clicks,
    }));
  return [...current, ...removed];
}

/** Shown only for links that have or had a split. */
export function VariantClicksCard({ analytics }: { analytics: UrlAnalytics }) {
  if (!analytics.split && analytics.byVariant.length === 0) return null;
  const rows = rowsOf(analytics);
  const total = rows.reduce((sum, row) => sum + row.clicks, 0);
  return (
    <Card data-testid="variant-clicks">
      <Card.Header as="h2" className="h6">
        {messages.clicksPerVariant}
      </Card.Header>
      {total === 0 && <Card.Body className="text-body-secondary pb-0">{messages.noVariantClicks}</Card.Body>}
      <Table responsive className="mb-0" size="sm">
        <thead>
          <tr>
            <th scope="col">{messages.variant}</th>
            <th scope="col" className="text-end">
              {messages.weight}
            </th>
            <th scope="col" className="text-end">
              {messages.clicks}
            </th>
            <th scope="col" className="text-end">
              {messages.share}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-variant={row.key}>
              <td>
                <div>{row.name}</div>
                {row.destination && <code className="small text-break">{row.destination}</code>}
              </td>
              <td className="text-end">{row.weight === null ? '—' : `${row.weight}%`}</td>
              <td className="text-end">{row.clicks.toLocaleString()}</td>
              <td className="text-end">{total === 0 ? '—' : `${Math.round((row.clicks / total) * 100)}%`}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
