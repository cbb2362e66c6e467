/** Texts of the search, export and keyboard features of the Webhook Inspector. */
export const searchMessages = {
  searchLabel: 'Search requests',
  searchPlaceholder: 'Search requests (press /)',
  methodsLabel: 'Filter by method',
  otherMethods: 'Other',
  otherMethodsTitle: 'Every method but GET, POST, PUT, PATCH and DELETE',
  exportLabel: 'Export',
  exportHar: 'HAR',
  exportNdjson: 'NDJSON',
  exportTitle: (format: string) => `Download the requests listed as ${format}`,
  matchingOf: (matching: number, total: number) =>
    `${matching.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  hiddenNew: (count: number) => `${count.toLocaleString('en')} new, hidden by the filter`,
  unreadTitle: (count: number, title: string) => `(${count}) ${title}`,
} as const;
