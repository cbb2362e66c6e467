/** Every text of destination checks, in one place. */
export const checkMessages = {
  title: 'Destination check',
  intro: 'Asks the destination now, following its redirects, to see that it still answers.',
  check: 'Check destination',
  checking: 'Checking…',
  failed: 'Could not check the destination',
  never: 'Not checked yet.',
  works: (status: number | null) => `Works: answered ${status ?? '–'}`,
  broken: 'Broken',
  checkedAt: (when: string, ms: number) => `Checked ${when}, in ${ms} ms.`,
  chainLabel: 'Answers on the way',
  brokenMark: 'Broken destination',
} as const;
