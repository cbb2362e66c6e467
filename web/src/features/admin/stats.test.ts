import { describe, expect, it } from 'vitest';
import { buildSuggestionStats } from '../../../../shared/suggestions';
import { statCards } from './stats';

describe('statCards', () => {
  it('gives Total, Pending, Approved and In Progress from the stats', () => {
    const stats = buildSuggestionStats([
      { status: 'pending', count: 4 },
      { status: 'approved', count: 2 },
      { status: 'rejected', count: 5 },
    ]);
    expect(statCards(stats)).toEqual([
      { key: 'total', label: 'Total', value: 11 },
      { key: 'pending', label: 'Pending', value: 4 },
      { key: 'approved', label: 'Approved', value: 2 },
      { key: 'in_progress', label: 'In Progress', value: 0 },
    ]);
  });

  it('counts a status missing from byStatus as 0', () => {
    expect(statCards({ total: 1, pending: 1, byStatus: [] }).map((card) => card.value)).toEqual([1, 1, 0, 0]);
  });

  it('has no numbers while the stats are unknown', () => {
    expect(statCards(undefined).map((card) => card.value)).toEqual([null, null, null, null]);
  });
});
