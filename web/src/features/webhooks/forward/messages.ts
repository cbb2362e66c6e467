/** Texts of forwarding: the header's status, the drawer with the commands, and each request's result. */
export const forwardMessages = {
  label: 'Forward',
  drawerTitle: 'Forward to your machine',
  idle: 'to your machine',
  connected: (count: number) => (count === 1 ? '1 connected' : `${count} connected`),
  statusConnected: (count: number, responding: number) => {
    const who = count === 1 ? 'A forwarder is connected' : `${count} forwarders are connected`;
    if (responding === 0) return `${who}: each request is sent on to its target.`;
    return `${who}: each request is sent on to its target, and ${responding === count ? 'the target' : 'a --respond forwarder’s target'} answers the sender.`;
  },
  statusNone: 'No forwarder is connected. Run one of these where your app runs:',
  intro:
    'Every request sent to your webhook URL is also sent to your local app, headers and body unchanged (signatures still check out). Change the --to address to your app’s.',
  privateNote: (key: string) =>
    `This inspector is private: make a key under Access (New key for scripts) and set ${key} to it before running, or add --key <key>.`,
  listNote:
    'Each request then shows what your app answered: → 200, or → failed when it could not be reached.',
  copyCommand: 'Copy command',
  commandCopied: 'Command copied to clipboard',
  dotConnected: 'A forwarder is connected',
  dotNone: 'No forwarder is connected',

  /** A request's forwarding result, in the list and the details. */
  result: (status: number) => `→ ${status}`,
  failed: '→ failed',
  resultTitle: (status: number, ms: number) =>
    `Your forwarder sent it to your app, which answered ${status} in ${ms} ms`,
  failedTitle: (error: string, ms: number) =>
    `Your forwarder could not send it to your app (${ms} ms): ${error}`,
  detailLabel: 'Forwarded',
} as const;
