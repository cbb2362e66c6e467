/** Texts of the comparison of two requests. */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { requestName } from './request-name';

export const compareMessages = {
  toggle: 'Compare',
  toggleHelp: 'Pick two requests in the list to see what differs between them',
  picking: (count: number) =>
    count === 0 ? 'Tick two requests to compare them.' : 'Tick one more request to compare.',
  pickLabel: (event: WebhookEvent) => `Compare ${requestName(event)}`,
  title: 'Comparing two requests',
  before: 'Older',
  after: 'Newer',
  close: 'Close comparison',
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
