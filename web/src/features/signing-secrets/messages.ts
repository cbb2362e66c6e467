/** The Signatures drawer's texts. */
import { MAX_SIGNING_SECRETS, SECRET_MAX_LENGTH } from '../../../../shared/signing-secrets';

export const signingSecretMessages = {
  title: 'Signatures',
  headerTitle: (summary: string) =>
    `Signatures: ${summary}. Each captured request is checked with the first signing secret whose path matches.`,
  summary: (count: number) => (count === 0 ? 'none' : count === 1 ? '1 secret' : `${count} secrets`),
  invalid: (count: number) => `${count} invalid`,
  invalidMark: (count: number) => `${count} ✗`,
  intro:
    'Each request is checked when it arrives, with the first secret whose path glob covers it. Invalid signatures are marked in the list; search sig:invalid to find them.',
  loading: 'Loading signing secrets…',
  loadFailed: 'The signing secrets could not be loaded.',
  none: 'No signing secrets yet.',
  add: 'Add secret',
  edit: 'Edit',
  remove: 'Delete',
  save: 'Save secret',
  cancel: 'Cancel',
  name: 'Name',
  secret: 'Signing secret',
  secretHelp: 'The secret from the sender’s webhook settings. Hookbay keeps it to check each request.',
  newSecret: 'New signing secret (optional)',
  newSecretHelp: (hint: string) => `Leave empty to keep the current one (…${hint}).`,
  path: 'Path glob',
  pathHelp: 'Below the webhook URL; * matches anything, e.g. /stripe/*',
  tolerance: 'Tolerance (seconds)',
  toleranceHelp: 'How far the signed timestamp may be from the time the request arrives.',
  refuseInvalid: 'Answer 401 to an invalid signature (the request is still stored)',
  hint: (hint: string) => `…${hint}`,
  toleranceShort: (seconds: number) => `tolerance ${seconds} s`,
  refusesShort: 'refuses invalid (401)',
  shownOnce: (name: string) =>
    `Secret "${name}" added. Copy it now if you need it: it will not be shown again, only its last 4 characters.`,
  copy: 'Copy secret',
  copied: 'Secret copied to clipboard',
  done: 'Done',
  saveFailed: 'The secret could not be saved.',
  deleteFailed: 'The secret could not be deleted.',
  readOnlyNote: 'Only the owner of this webhook URL can change its signing secrets.',
  limitsNote: `At most ${MAX_SIGNING_SECRETS} secrets, each up to ${SECRET_MAX_LENGTH} characters.`,
} as const;
