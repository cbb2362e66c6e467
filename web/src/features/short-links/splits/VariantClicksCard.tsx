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
  /** The clicks of the split the variant belongs to, for its share; null for a removed variant. */
  splitClicks: number | null;
}

/**
 * The link's split's variants in their order, then each rule's split's ("Rule 2, Variant A"), then
 * variants since removed that still have clicks. A share is of its own split's clicks.
 */
function rowsOf(analytics: UrlAnalytics): VariantRow[] {
  const clicksOf = (id: string) => analytics.byVariant.find((entry) => entry.variantId === id)?.clicks ?? 0;
  const splits = [
    { prefix: '', split: analytics.split },
    ...analytics.rules.map((rule, index) => ({ prefix: `Rule ${index + 1}, `, split: rule.split ?? null })),
  ];
  const current = splits.flatMap(({ prefix, split }) => {
    const variants = split?.variants ?? [];
    const splitClicks = variants.reduce((sum, variant) => sum + clicksOf(variant.id), 0);
    return variants.map((variant, index) => ({
      key: variant.id,
      name: `${prefix}${variantLabel(index)}`,
      destination: variant.destination,
      weight: variant.weight,
      clicks: clicksOf(variant.id),
      splitClicks,
    }));
  });
  const removed = analytics.byVariant
    .filter((entry) => !current.some((row) => row.key === entry.variantId))
    .map((entry) => ({
      key: entry.variantId,
      name: messages.removedVariant,
      destination: null,
      weight: null,
      clicks: entry.clicks,
      splitClicks: null,
    }));
  return [...current, ...removed];
}

const shareOf = (row: VariantRow) =>
  row.splitClicks ? `${Math.round((row.clicks / row.splitClicks) * 100)}%` : '—';

/** Shown only for links that have or had a split, their own or a rule's. */
export function VariantClicksCard({ analytics }: { analytics: UrlAnalytics }) {
  const hasSplit = analytics.split !== null || analytics.rules.some((rule) => rule.split);
  if (!hasSplit && analytics.byVariant.length === 0) return null;
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
              <td className="text-end">{shareOf(row)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
