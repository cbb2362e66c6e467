import { describe, expect, it } from 'vitest';
import {
  SUGGESTION_CATEGORIES,
  SUGGESTION_CATEGORY_LABELS,
  SUGGESTION_STATUSES,
  SUGGESTION_STATUS_LABELS,
  SUGGESTION_SUBMITTED_MESSAGE,
  SUGGESTION_UPDATED_MESSAGE,
  buildSuggestionStats,
  createSuggestionSchema,
  isSuggestionCategory,
  isSuggestionStatus,
  updateSuggestionSchema,
} from './suggestions.js';

const valid = { title: 'Dark mode', description: 'Please add it.' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? '';
}

describe('value lists', () => {
  it('has the five categories with their labels', () => {
    expect(SUGGESTION_CATEGORIES).toEqual([
      'general',
      'feature_request',
      'bug_report',
      'improvement',
      'other',
    ]);
    expect(SUGGESTION_CATEGORIES.map((category) => SUGGESTION_CATEGORY_LABELS[category])).toEqual([
      'General',
      'Feature Request',
      'Bug Report',
      'Improvement',
      'Other',
    ]);
  });

  it('has the four statuses with their labels', () => {
    expect(SUGGESTION_STATUSES).toEqual(['pending', 'approved', 'rejected', 'in_progress']);
    expect(SUGGESTION_STATUSES.map((status) => SUGGESTION_STATUS_LABELS[status])).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'In Progress',
    ]);
  });

  it('recognises only known values', () => {
    expect(isSuggestionCategory('bug_report')).toBe(true);
    expect(isSuggestionCategory('Bug Report')).toBe(false);
    expect(isSuggestionStatus('in_progress')).toBe(true);
    expect(isSuggestionStatus(3)).toBe(false);
  });

  it('success messages read as successes', () => {
    expect(SUGGESTION_SUBMITTED_MESSAGE).toContain('successfully');
    expect(SUGGESTION_UPDATED_MESSAGE).toContain('successfully');
  });
});

describe('createSuggestionSchema', () => {
  it('trims the text, defaults the category to general and treats an empty email as none', () => {
    const result = createSuggestionSchema.parse({ ...valid, title: '  Dark mode  ', email: '' });
    expect(result).toEqual({
      title: 'Dark mode',
      description: 'Please add it.',
      category: 'general',
      email: null,
    });
  });

  it('keeps a valid email and a chosen category', () => {
    const result = createSuggestionSchema.parse({
      ...valid,
      category: 'bug_report',
      email: ' dev@example.com ',
    });
    expect(result.category).toBe('bug_report');
    expect(result.email).toBe('dev@example.com');
  });

  it.each([
    [{ description: 'x' }, 'A title is required.'],
    [{ title: '   ', description: 'x' }, 'A title is required.'],
    [{ title: 'x'.repeat(201), description: 'x' }, 'The title may be at most 200 characters.'],
    [{ title: 'x' }, 'A description is required.'],
    [{ title: 'x', description: 'x'.repeat(5001) }, 'The description may be at most 5,000 characters.'],
    [{ ...valid, category: 'wishes' }, 'Category must be one of'],
    [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
    [null, 'Send the suggestion as a JSON object.'],
  ])('rejects %j', (input, message) => {
    expect(firstMessage(createSuggestionSchema.safeParse(input))).toContain(message);
  });

  it('accepts the longest title and description', () => {
    const input = { title: 'x'.repeat(200), description: 'y'.repeat(5000) };
    expect(createSuggestionSchema.safeParse(input).success).toBe(true);
  });
});

describe('updateSuggestionSchema', () => {
  it('takes a status and notes', () => {
    expect(updateSuggestionSchema.parse({ status: 'approved', adminNotes: 'Planned' })).toEqual({
      status: 'approved',
      adminNotes: 'Planned',
    });
  });

  it('clears empty notes and leaves missing notes alone', () => {
    expect(updateSuggestionSchema.parse({ status: 'rejected', adminNotes: ' ' }).adminNotes).toBeNull();
    expect(updateSuggestionSchema.parse({ status: 'rejected' }).adminNotes).toBeUndefined();
  });

  it('rejects an unknown status and notes over 5,000 characters', () => {
    expect(firstMessage(updateSuggestionSchema.safeParse({ status: 'done' }))).toContain(
      'Status must be one of',
    );
    const long = { status: 'pending', adminNotes: 'x'.repeat(5001) };
    expect(firstMessage(updateSuggestionSchema.safeParse(long))).toContain('at most 5,000');
  });
});

describe('buildSuggestionStats', () => {
  it('lists every status with zero counts included', () => {
    expect(buildSuggestionStats([{ status: 'approved', count: 2 }])).toEqual({
      total: 2,
      pending: 0,
      byStatus: [
        { status: 'pending', count: 0 },
        { status: 'approved', count: 2 },
        { status: 'rejected', count: 0 },
        { status: 'in_progress', count: 0 },
      ],
    });
  });

  it('totals the known statuses and ignores unknown ones', () => {
    const stats = buildSuggestionStats([
      { status: 'pending', count: 3 },
      { status: 'in_progress', count: 1 },
      { status: 'archived', count: 9 },
    ]);
    expect(stats.total).toBe(4);
    expect(stats.pending).toBe(3);
  });
});
