/**
 * Suggestions (user feedback) as the API carries them, the value lists with their labels, the
 * input rules the form and the server share, and the feature's user-visible messages.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

export const SUGGESTION_CATEGORIES = [
  'general',
  'feature_request',
  'bug_report',
  'improvement',
  'other',
] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

export const SUGGESTION_CATEGORY_LABELS: Record<SuggestionCategory, string> = {
  general: 'General',
  feature_request: 'Feature Request',
  bug_report: 'Bug Report',
  improvement: 'Improvement',
  other: 'Other',
};

export const DEFAULT_SUGGESTION_CATEGORY: SuggestionCategory = 'general';

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected', 'in_progress'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SUGGESTION_STATUS_LABELS: Record<SuggestionStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  in_progress: 'In Progress',
};

/** Every new suggestion starts here. */
export const INITIAL_SUGGESTION_STATUS: SuggestionStatus = 'pending';

export const SUGGESTION_TITLE_MAX = 200;
export const SUGGESTION_DESCRIPTION_MAX = 5000;
export const SUGGESTION_ADMIN_NOTES_MAX = 5000;
/** The longest address SMTP allows. */
export const SUGGESTION_EMAIL_MAX = 254;

/** Suggestions one session, and one IP address, may send per rolling hour. */
export const SUGGESTIONS_PER_HOUR = 10;

export const SUGGESTION_SUBMITTED_MESSAGE = 'Suggestion submitted successfully!';
export const SUGGESTION_SUBMIT_FAILED_MESSAGE = 'An error occurred while submitting your suggestion';
export const SUGGESTIONS_FETCH_FAILED_MESSAGE = 'Failed to fetch suggestions';
export const SUGGESTION_UPDATE_FAILED_MESSAGE = 'Failed to update suggestion';
export const SUGGESTION_UPDATED_MESSAGE = 'Suggestion updated successfully!';
export const TOO_MANY_SUGGESTIONS_MESSAGE = `You have sent ${SUGGESTIONS_PER_HOUR} suggestions in the last hour. Please try again later.`;

/** A stored suggestion. `user` names the session that sent it (shown in the admin view). */
export interface Suggestion {
  id: number;
  title: string;
  description: string;
  category: SuggestionCategory;
  /** null when the sender gave none. */
  email: string | null;
  status: SuggestionStatus;
  /** null until an admin writes some. */
  adminNotes: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; equals createdAt until an admin updates the suggestion. */
  updatedAt: string;
  user: { sessionId: string };
}

export interface SuggestionStatusCount {
  status: SuggestionStatus;
  count: number;
}

export interface SuggestionStats {
  total: number;
  pending: number;
  /** Every status, in SUGGESTION_STATUSES order, zero counts included. */
  byStatus: SuggestionStatusCount[];
}

/** True for one of the known categories. */
export function isSuggestionCategory(value: unknown): value is SuggestionCategory {
  // Widened only to ask includes() about any string; the array itself is not changed.
  return typeof value === 'string' && (SUGGESTION_CATEGORIES as readonly string[]).includes(value);
}

/** True for one of the known statuses. */
export function isSuggestionStatus(value: unknown): value is SuggestionStatus {
  // Widened only to ask includes() about any string; the array itself is not changed.
  return typeof value === 'string' && (SUGGESTION_STATUSES as readonly string[]).includes(value);
}

/** Complete stats from per-status counts: statuses without a count are 0, unknown ones are ignored. */
export function buildSuggestionStats(counts: readonly { status: string; count: number }[]): SuggestionStats {
  const byStatus = SUGGESTION_STATUSES.map((status) => ({
    status,
    count: counts.filter((entry) => entry.status === status).reduce((sum, entry) => sum + entry.count, 0),
  }));
  const total = byStatus.reduce((sum, entry) => sum + entry.count, 0);
  const pending = byStatus.find((entry) => entry.status === 'pending')?.count ?? 0;
  return { total, pending, byStatus };
}

const categoryList = SUGGESTION_CATEGORIES.join(', ');
const statusList = SUGGESTION_STATUSES.join(', ');

export const suggestionStatusSchema = z.enum(SUGGESTION_STATUSES, {
  error: `Status must be one of: ${statusList}.`,
});

const emailSchema = z.email({ error: 'Please enter a valid email address, or leave it empty.' });

/** The feedback form's body. An empty (or missing) email means none and comes out as null. */
export const createSuggestionSchema = z.object(
  {
    title: z
      .string({ error: 'A title is required.' })
      .trim()
      .min(1, 'A title is required.')
      .max(SUGGESTION_TITLE_MAX, `The title may be at most ${SUGGESTION_TITLE_MAX} characters.`),
    description: z
      .string({ error: 'A description is required.' })
      .trim()
      .min(1, 'A description is required.')
      .max(
        SUGGESTION_DESCRIPTION_MAX,
        `The description may be at most ${SUGGESTION_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
      ),
    category: z
      .enum(SUGGESTION_CATEGORIES, { error: `Category must be one of: ${categoryList}.` })
      .default(DEFAULT_SUGGESTION_CATEGORY),
    email: z
      .string({ error: 'The email must be text.' })
      .trim()
      .max(SUGGESTION_EMAIL_MAX, `The email may be at most ${SUGGESTION_EMAIL_MAX} characters.`)
      .refine((value) => value === '' || emailSchema.safeParse(value).success, {
        error: 'Please enter a valid email address, or leave it empty.',
      })
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  { error: 'Send the suggestion as a JSON object.' },
);
export type CreateSuggestionInput = z.input<typeof createSuggestionSchema>;
export type NewSuggestion = z.output<typeof createSuggestionSchema>;

/**
 * An admin's change. Notes that are missing stay as they are; empty (or null) notes are cleared.
 */
export const updateSuggestionSchema = z.object(
  {
    status: suggestionStatusSchema,
    adminNotes: z
      .string({ error: 'Admin notes must be text.' })
      .max(
        SUGGESTION_ADMIN_NOTES_MAX,
        `Admin notes may be at most ${SUGGESTION_ADMIN_NOTES_MAX.toLocaleString('en-US')} characters.`,
      )
      .nullish()
      .transform((value) => (value === undefined ? undefined : value?.trim() ? value : null)),
  },
  { error: 'Send the update as a JSON object.' },
);
export type UpdateSuggestionInput = z.input<typeof updateSuggestionSchema>;
export type SuggestionUpdate = z.output<typeof updateSuggestionSchema>;
