/** The link targeting texts: the query-string switch, the rules editor, the detail card, clicks per rule. */
import { MAX_CONDITIONS, MAX_RULES } from '../../../../../shared/link-targeting';

export const messages = {
  forwardQuery: 'Pass the visit’s query string to the destination',
  forwardQueryHelp: 'e.g. ?utm_source=mail on the short link reaches the page; the visit’s values win.',
  rulesTitle: 'Targeting rules',
  rulesHelp:
    'The first rule whose conditions all match sends the visitor to its own destination; no match: the URL above.',
  addRule: 'Add rule',
  rulesLimit: `At most ${MAX_RULES} rules.`,
  rule: (position: number) => `Rule ${position}`,
  destination: 'Destination',
  destinationPlaceholder: 'https://example.com/for-these-visitors',
  conditionType: (position: number) => `Condition ${position}: type`,
  conditionValue: (position: number) => `Condition ${position}: value`,
  addCondition: 'Add condition',
  conditionsLimit: `At most ${MAX_CONDITIONS} conditions per rule.`,
  removeCondition: (position: number) => `Remove condition ${position}`,
  moveUp: (position: number) => `Move rule ${position} up`,
  moveDown: (position: number) => `Move rule ${position} down`,
  removeRule: (position: number) => `Remove rule ${position}`,
  countryPlaceholder: 'DE',
  languagePlaceholder: 'de',
  valueHelp:
    'Country: a two-letter code such as DE. Language: a code such as de, matched against the visitor’s first language.',
  targeting: 'Targeting',
  queryString: 'Query string',
  passedOn: 'Passed on',
  notPassedOn: 'Not passed on',
  noRules: 'No rules: every visitor goes to the original URL.',
  noRulesSplit: 'No rules: every visitor goes to the A/B split below.',
  clicksPerRule: 'Clicks per rule',
  defaultDestination: 'Original URL (no rule matched)',
  removedRule: 'A rule removed since',
  noRuleClicks: 'No clicks in this period.',
  clicks: 'Clicks',
  sentTo: 'Sent to',
} as const;
