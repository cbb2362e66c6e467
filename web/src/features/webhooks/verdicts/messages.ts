/** Texts of the contract verdict on list rows and in the request details. */
export const verdictMessages = {
  pass: 'Contract ✓',
  fail: 'Contract ✗',
  passTitle: (name: string) => `The body follows the contract "${name}".`,
  failTitle: (name: string, count: number) =>
    `The body breaks the contract "${name}" in ${count} place${count === 1 ? '' : 's'}.`,
  section: 'Contract',
  passed: (name: string) => `Follows the contract "${name}".`,
  failed: (name: string, count: number) =>
    `Breaks the contract "${name}" in ${count} place${count === 1 ? '' : 's'}:`,
  pointer: 'Where',
  expected: 'Expected',
  actual: 'Came',
  wholeBody: '(the whole body)',
} as const;
