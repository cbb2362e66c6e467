/** Clicks per targeting rule, for a link's analytics. */
import type { RuleClicks } from '../../../../shared/link-targeting.js';

/**
 * People's clicks per rule, most first, from the 'rule' counters (kept only for clicks a rule
 * sent); the link's own destination (ruleId null) gets the rest of `people`. A rule with no
 * clicks is left out.
 */
export function ruleCounts(
  counters: { value: string | null; clicks: number }[],
  people: number,
): RuleClicks[] {
  const byRule = counters.filter(
    (counter): counter is { value: string; clicks: number } => counter.value !== null && counter.clicks > 0,
  );
  const ruled = byRule.reduce((sum, counter) => sum + counter.clicks, 0);
  const counts: RuleClicks[] = byRule.map((counter) => ({ ruleId: counter.value, clicks: counter.clicks }));
  if (people - ruled > 0) counts.push({ ruleId: null, clicks: people - ruled });
  return counts.sort((a, b) => b.clicks - a.clicks);
}
