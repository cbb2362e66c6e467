/** Every text the bulk replay drawer shows a person. */
export const bulkReplayMessages = {
  label: 'Replay all',
  drawerTitle: 'Replay the requests in the list',
  intro: (matching: number | null, isFiltered: boolean) =>
    matching === null
      ? 'Sends every request the search shows again, oldest first, from the server.'
      : `Sends the ${matching.toLocaleString('en-US')} ${matching === 1 ? 'request' : 'requests'} ${isFiltered ? 'the search shows' : 'of this inspector'} again, oldest first, from the server.`,
  targetUrl: 'Target URL',
  targetPlaceholder: 'https://staging.example.com/webhooks',
  perMinute: 'Requests a minute',
  perMinuteHelp: 'Up to this instance’s replay limit (30 a minute unless its operator set another).',
  start: 'Start',
  starting: 'Starting…',
  cancel: 'Cancel',
  progress: (done: number, total: number) => `${done} of ${total} sent`,
  summary: (succeeded: number, failed: number) => `${succeeded} answered 2xx, ${failed} did not`,
  status: {
    running: 'Running',
    finished: 'Finished',
    cancelled: 'Cancelled',
    interrupted: 'Interrupted (the server stopped)',
  },
  results: 'Results',
  request: (id: number) => `#${id}`,
  noAnswer: 'no answer',
  failedToStart: 'Failed to start the bulk replay',
  failedToCancel: 'Failed to cancel the bulk replay',
} as const;
