/** The Contracts drawer's and the Types panel's texts. */
export const contractMessages = {
  title: 'Contracts',
  headerTitle: (summary: string) =>
    `Contracts: ${summary}. Each captured JSON body is checked against the first matching contract.`,
  summary: (count: number) => (count === 0 ? 'none' : count === 1 ? '1 contract' : `${count} contracts`),
  failing: (count: number) => `${count} failing`,
  failingMark: (count: number) => `${count} ✗`,
  intro:
    'Each captured JSON body is checked, when it arrives, against the first contract whose method, path and header match. Failing requests are marked in the list; search contract:fail to find them.',
  loading: 'Loading contracts…',
  loadFailed: 'The contracts could not be loaded.',
  none: 'No contracts yet.',
  add: 'Add JSON Schema',
  importOpenApi: 'Import OpenAPI',
  edit: 'Edit',
  remove: 'Delete',
  save: 'Save contract',
  cancel: 'Cancel',
  name: 'Name',
  path: 'Path glob',
  pathHelp: 'Below the webhook URL; * matches anything, e.g. /github/*',
  method: 'Method',
  headerName: 'Header (optional)',
  headerValue: 'Header value',
  schema: 'JSON Schema (draft 2020-12)',
  schemaNotJson: 'schema: is not JSON.',
  document: 'OpenAPI 3.0 or 3.1 document (JSON or YAML)',
  documentFile: 'Or choose a file',
  importButton: 'Import',
  imported: (count: number) => `${count} contract${count === 1 ? '' : 's'} imported.`,
  saveFailed: 'The contract could not be saved.',
  deleteFailed: 'The contract could not be deleted.',
  readOnlyNote: 'Only the owner of this webhook URL can change its contracts.',
  limitsNote: 'At most 50 contracts; a schema or document is at most 1 MiB; references must stay inside it.',
  types: 'Types from the current search',
  typesTitle: 'Types from captures',
  typesIntro:
    'One schema inferred from the JSON bodies of the requests the list shows now (the newest 500), or of the request open in the details, or of those picked with Compare.',
  typesFromChosen: (ids: readonly number[]) =>
    ids.length === 1
      ? `Types from request #${ids[0]}`
      : `Types from the ${ids.length} picked requests (${ids.map((id) => `#${id}`).join(', ')})`,
  typesFailed: 'The types could not be inferred.',
  typesSamples: (samples: number, skipped: number) =>
    `From ${samples} JSON bod${samples === 1 ? 'y' : 'ies'}${skipped ? `; ${skipped} without JSON left out` : ''}.`,
  copy: 'Copy',
  copied: 'Copied to clipboard',
  download: 'Download',
} as const;
