/** Clicks per targeting rule on a link's analytics page, the rules named by their place and conditions. */
import { Card, Table } from 'react-bootstrap';
import { describeCondition } from '../../../../../shared/link-conditions';
import type { UrlAnalytics } from '../../../../../shared/links';
import { messages } from './messages';

/** How a row names where its clicks went: a rule by its place and conditions, or the original URL. */
function nameOf(ruleId: string | null, analytics: UrlAnalytics): string {
  if (ruleId === null) return messages.defaultDestination;
  const index = analytics.rules.findIndex((rule) => rule.id === ruleId);
  const rule = analytics.rules[index];
  if (!rule) return messages.removedRule;
  return `${messages.rule(index + 1)}: ${rule.conditions.map(describeCondition).join(' and ')}`;
}

/** Shown only for links that have or had rules. */
export function RuleClicksCard({ analytics }: { analytics: UrlAnalytics }) {
  const hasRules = analytics.rules.length > 0 || analytics.byRule.some((entry) => entry.ruleId !== null);
  if (!hasRules) return null;
  return (
    <Card data-testid="rule-clicks">
      <Card.Header as="h2" className="h6">
        {messages.clicksPerRule}
      </Card.Header>
      {analytics.byRule.length === 0 ? (
        <Card.Body className="text-body-secondary">{messages.noRuleClicks}</Card.Body>
      ) : (
        <Table responsive className="mb-0" size="sm">
          <thead>
            <tr>
              <th scope="col">{messages.rulesTitle}</th>
              <th scope="col" className="text-end">
                {messages.clicks}
              </th>
            </tr>
          </thead>
          <tbody>
            {analytics.byRule.map((entry) => (
              <tr key={entry.ruleId ?? ''}>
                <td>{nameOf(entry.ruleId, analytics)}</td>
                <td className="text-end">{entry.clicks.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
