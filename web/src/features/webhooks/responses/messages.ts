function delayLabel(ms: number): string {
  return `after ${ms >= 1000 && ms % 100 === 0 ? `${ms / 1000} s` : `${ms} ms`}`;
}

/** Every text of the scripted responses panel and of the answer shown with each request. */
export const responseMessages = {
  title: 'Response',
  intro: 'Choose what your webhook URL answers: status, headers, body and delay, in sequence.',
  defaultSummary: 'Every request gets 200 {"ok":true,"id":…}',
  /** The header's line while no rule is set. */
  defaultHeadline: 'default 200',
  everyRequest: 'Every request',
  moreRules: (count: number) => (count === 1 ? '+1 more rule' : `+${count} more rules`),
  headerTitle: (summary: string) => `What your webhook URL answers: ${summary}`,
  readOnlyNote: 'Only the inspector’s owner changes its responses; a shared link shows them.',
  loading: 'Loading responses…',
  loadFailed: 'Failed to load the response rules',
  noRules: 'No rules yet: every request gets the default answer, 200 {"ok":true,"id":…}.',
  firstMatchNote:
    'The first rule whose method and path match answers. Other requests get the default answer.',
  addRule: 'Add rule',
  makeRule: 'Make a rule',
  presets: 'Add a preset',
  urlChecks: 'URL checks',
  saving: 'Saving…',
  savesAtOnce: 'Every change is saved at once and starts the sequences again.',
  saved: 'Responses saved. Sequences start again from the first answer.',
  saveFailed: 'Failed to save the responses',
  rulesLabel: 'Response rules',
  editButton: 'Edit',
  deleteButton: 'Delete',
  moveUp: (position: number) => `Move rule ${position} up`,
  moveDown: (position: number) => `Move rule ${position} down`,
  edit: (position: number) => `Edit rule ${position}`,
  remove: (position: number) => `Delete rule ${position}`,
  anyMethod: 'Any method',
  thenLabels: { 'repeat-last': 'then the last again', cycle: 'then from the start' },
  delay: (ms: number) => delayLabel(ms),
  faultLabels: { reset: 'reset', close: 'cut off', timeout: 'no answer' },
  /** A rule's conditions in one line, after its path. */
  conditionsNote: (conditions: string) => `if ${conditions}`,
  opSigns: { exists: 'exists', equals: '=', contains: 'contains', matches: '~' },
  pickNote: 'sender may pick',
  /** A rule's callback in one line, after its answers. */
  callbackNote: (method: string, url: string, delayMs: number, isSigned: boolean) =>
    `then calls back ${method} ${url}${delayMs > 0 ? ` ${delayLabel(delayMs)}` : ''}${isSigned ? ' (signed)' : ''}`,
  chanceNote: (chance: number, seed: number | undefined) =>
    seed === undefined ? `(${chance} % of requests)` : `(${chance} % of requests, seed ${seed})`,

  editor: {
    addTitle: 'Add rule',
    editTitle: (position: number) => `Edit rule ${position}`,
    method: 'Method',
    path: 'Path',
    pathHelp: '/ is the webhook URL itself; * matches any characters, / included (e.g. /github/*).',
    then: 'After the last response',
    thenOptions: { 'repeat-last': 'Repeat the last response', cycle: 'Start again from the first' },
    response: (position: number) => `Response ${position}`,
    status: 'Status',
    statusPlaceholder: '200 or {{query.status}}',
    answerKind: 'Answer',
    answerKinds: {
      '': 'Send this answer',
      reset: 'Reset the connection',
      close: 'Close before the body ends',
      timeout: 'Never answer (time out)',
    },
    faultHelp: {
      reset: 'The connection is reset before any byte is sent.',
      close: 'The head and the start of the body are sent, then the connection is closed.',
      timeout: 'Nothing is sent until the sender gives up (at most 5 minutes).',
    },
    delayMs: 'Delay (ms)',
    headers: 'Headers',
    headersHelp: 'One per line, as Name: value',
    body: 'Body',
    addResponse: 'Add response',
    removeResponse: (position: number) => `Remove response ${position}`,
    cancel: 'Cancel',
    save: 'Save rule',
    saving: 'Saving…',
    headerLineProblem: (line: number) => `Headers, line ${line}: write it as Name: value.`,
    savesNote: 'Saving applies it to the next request and starts the sequences again.',
    discard: 'Discard the changes to this rule?',
    preset: 'Start from a preset',
    presetNone: 'Choose a preset…',
    chance: 'Chance (%)',
    seed: 'Seed',
    chanceHelp:
      'Empty: the rule answers every matching request. Otherwise it answers this share of them and the rest go on to the next rule, as if it did not match; a seed makes the same requests fail again after every save.',
    streamNotJson: 'Write the stream as JSON, or leave it empty to send the body.',
    stream: 'Stream (JSON, sent instead of the body)',
    streamHelp:
      '{"kind": "sse", "events": [{"data": "…", "event": "…", "delayMs": 500}]} or {"kind": "chunks", "chunks": [{"body": "…", "delayMs": 500}]}',
    conditions: 'Conditions',
    conditionsHelp:
      'All must hold. Field: header.NAME, query.NAME or body.a.b[0] (a JSON body). matches takes a regular expression; contains works on body fields.',
    conditionField: (position: number) => `Condition ${position} field`,
    conditionOp: (position: number) => `Condition ${position} test`,
    conditionValue: (position: number) => `Condition ${position} value`,
    removeCondition: (position: number) => `Remove condition ${position}`,
    addCondition: 'Add condition',
    opLabels: { exists: 'exists', equals: 'equals', contains: 'contains', matches: 'matches' },
    allowPick:
      'Let the sender pick the status (X-Hookbay-Status or ?hookbay_status=) or the response (X-Hookbay-Response)',
    callback: {
      toggle: 'Call back after answering',
      method: 'Callback method',
      url: 'Callback URL',
      delayMs: 'Callback delay (ms)',
      headers: 'Callback headers',
      body: 'Callback body',
      secret: 'Standard Webhooks secret (optional)',
      newSecret: 'New secret',
      help: 'Sent once the answer went out, after the delay (at most 60000 ms). URL, header values and body may use the same templates as the answer, such as {{body.callback_url}}. With a secret it is signed (webhook-id, webhook-timestamp, webhook-signature). It counts in the replay limit; its result shows on the request.',
    },
    templateHelp:
      'Status, header values and body may use {{method}}, {{path}}, {{query.NAME}}, {{header.NAME}}, {{body.field}} (a JSON body), {{body}}, {{uuid}} and {{now}}. A query name with dots: {{query["hub.challenge"]}}.',
  },

  preview: {
    title: 'Preview',
    intro: 'What this rule’s first answer gives a request like this:',
    method: 'Request method',
    unreadable: 'The preview shows once the rule can be read.',
    target: 'Path and query',
    headers: 'Request headers',
    body: 'Request body',
    loading: 'Loading the preview…',
    noMatch: 'This rule does not match this request: it goes on to the next rule or the default answer.',
    fault: {
      reset: 'The connection is reset: the sender gets no answer.',
      close: 'The head and part of the body are sent, then the connection is closed.',
      timeout: 'Nothing is sent: the sender waits until it gives up.',
    },
    error: (error: string) => `The sender would get 500: ${error}`,
    answerLabel: 'The answer',
    chance: (chance: number) => `The rule answers ${chance} % of the matching requests.`,
  },

  callbackResult: {
    label: 'Callback',
    pending: (method: string, delayMs: number) =>
      `${method} waiting${delayMs > 0 ? ` (${delayLabel(delayMs)} the answer)` : ''}…`,
    sent: (method: string, url: string, status: number, ms: number) =>
      `${method} ${url} → ${status} in ${ms} ms`,
    failed: (method: string, url: string | null, error: string) =>
      `${method}${url ? ` ${url}` : ''}: ${error}`,
    answerLabel: 'Callback answer',
  },

  answer: {
    label: 'Answer',
    pending: '…',
    pendingTitle: 'Waiting for the forwarder’s answer',
    statusTitle: (status: number) => `Answered ${status}`,
    default: (status: number) =>
      status === 413 ? 'Default answer: 413, the body was too large' : 'Default answer',
    rule: (status: number, rule: number) => `Answered ${status} by rule ${rule}`,
    /** Events stored before the rule's position was recorded. */
    anyRule: (status: number) => `Answered ${status} by a response rule`,
    forwarder: (status: number) => `Answered ${status} by your forwarder`,
    forwarderPending: 'Waiting for your forwarder’s answer…',
    error: (status: number) => `Answered ${status} by Hookbay: the forwarder failed or was too slow`,
    noAnswer: '—',
    noAnswerTitle: 'No answer: the connection was reset, cut off or held',
    fault: (rule: number | undefined) =>
      `No answer: ${rule === undefined ? 'a response rule' : `rule ${rule}`} reset, cut off or held the connection`,
    conformance: (status: number) =>
      status === 0
        ? 'No answer: a sender test reset or held the connection on purpose'
        : `Answered ${status} on purpose by a sender test`,
  },
} as const;
