/** Every text the Suggestions page shows a person, in one place. */
import {
  SUGGESTION_SUBMIT_FAILED_MESSAGE,
  SUGGESTION_SUBMITTED_MESSAGE,
  SUGGESTIONS_FETCH_FAILED_MESSAGE,
} from '../../../../shared/suggestions';

export const messages = {
  // The product's own texts, verbatim (from shared/suggestions.ts).
  submitted: SUGGESTION_SUBMITTED_MESSAGE,
  submitFailed: SUGGESTION_SUBMIT_FAILED_MESSAGE,
  fetchFailed: SUGGESTIONS_FETCH_FAILED_MESSAGE,

  // This screen's own wording for things the product notes leave open.
  pageTitle: 'Suggestions',
  lead: 'Ideas, bug reports and wishes for Hookbay are welcome. Send one below and follow what happens to it.',
  openForm: 'Submit a Suggestion',
  closeForm: 'Close',
  formTitle: 'New suggestion',
  title: 'Title',
  titlePlaceholder: 'A short summary',
  description: 'Description',
  descriptionPlaceholder: 'What would you like to see, or what went wrong?',
  category: 'Category',
  email: 'Email',
  emailOptional: '(optional)',
  emailPlaceholder: 'you@example.com',
  emailHelp: 'Only if you would like an answer.',
  submit: 'Submit',
  submitting: 'Submitting…',
  listTitle: 'Your suggestions',
  loading: 'Loading your suggestions…',
  emptyTitle: 'No suggestions yet',
  emptyText: 'Use "Submit a Suggestion" above to send your first one.',
  adminNotes: 'Admin notes',
  submittedOn: (date: string) => `Submitted ${date}`,
} as const;
