/** The four numbers on the Suggestions Management cards, taken from the stats answer. */
import {
  SUGGESTION_STATUS_LABELS,
  type SuggestionStats,
  type SuggestionStatus,
} from '../../../../shared/suggestions';
import { messages } from './messages';

export interface StatCard {
  key: 'total' | SuggestionStatus;
  label: string;
  /** null while the stats are loading or could not be loaded. */
  value: number | null;
}

const shownStatuses = ['pending', 'approved', 'in_progress'] as const satisfies readonly SuggestionStatus[];

export function statCards(stats: SuggestionStats | undefined): StatCard[] {
  const countOf = (status: SuggestionStatus): number | null => {
    if (!stats) return null;
    if (status === 'pending') return stats.pending;
    return stats.byStatus.find((entry) => entry.status === status)?.count ?? 0;
  };
  return [
    { key: 'total', label: messages.statTotal, value: stats ? stats.total : null },
    ...shownStatuses.map((status) => ({
      key: status,
      label: SUGGESTION_STATUS_LABELS[status],
      value: countOf(status),
    })),
  ];
}
