/** The feedback form's values and its check before sending, using the rules shared with the server. */
import {
  createSuggestionSchema,
  DEFAULT_SUGGESTION_CATEGORY,
  type NewSuggestion,
  type SuggestionCategory,
} from '../../../../shared/suggestions';

export interface SuggestionDraft {
  title: string;
  description: string;
  category: SuggestionCategory;
  email: string;
}

export type DraftField = keyof SuggestionDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

export type DraftCheck = { ok: true; value: NewSuggestion } | { ok: false; errors: DraftErrors };

export const emptyDraft: SuggestionDraft = {
  title: '',
  description: '',
  category: DEFAULT_SUGGESTION_CATEGORY,
  email: '',
};

const fields: readonly DraftField[] = ['title', 'description', 'category', 'email'];

function isDraftField(value: unknown): value is DraftField {
  return typeof value === 'string' && (fields as readonly string[]).includes(value);
}

/** The body to send (trimmed, an empty email as null), or the first problem of each field. */
export function checkDraft(draft: SuggestionDraft): DraftCheck {
  const result = createSuggestionSchema.safeParse(draft);
  if (result.success) return { ok: true, value: result.data };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isDraftField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
