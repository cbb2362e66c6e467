/** Texts of the comparison of two requests. */
export const compareMessages = {
  pick: 'Compare',
  pickHelp: 'Pick two requests to compare them',
  onePicked: 'One request picked for comparison: pick another one in the list.',
  title: (a: number, b: number) => `Comparing request #${a} with #${b}`,
  close: 'Close comparison',
  clear: 'Clear',
  sections: { request: 'Request line', headers: 'Header differences', body: 'Body differences' },
  columns: {
    name: 'Name',
    change: 'Change',
    /** The column of one request's values. */
    request: (id: number) => `#${id}`,
  },
  changes: { added: 'Added', removed: 'Removed', changed: 'Changed', same: 'Same' },
  sameHeaders: (count: number) =>
    count === 0
      ? 'No header is the same.'
      : `${count} ${count === 1 ? 'header is' : 'headers are'} the same.`,
  noHeaderDifferences: 'The headers are the same.',
  noBodyDifferences: 'The bodies are the same.',
  comparedAsJson: 'Compared as JSON: keys sorted, pretty-printed.',
  moreLines: (count: number) => `… ${count.toLocaleString()} more lines not shown`,
  missing: '(none)',
} as const;
