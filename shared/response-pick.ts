/**
 * The sender's pick: a rule with `allowPick: true` lets whoever sends the request choose the
 * status it gets, or which of the rule's responses, through a header or a query parameter. A pick
 * that is not a number in range is ignored. Pure: no Node and no DOM APIs.
 */
import { conditionScope, type ConditionRequest, type ConditionScope } from './response-conditions.js';

export const PICK_STATUS_HEADER = 'X-Hookbay-Status';
export const PICK_STATUS_QUERY = 'hookbay_status';
export const PICK_RESPONSE_HEADER = 'X-Hookbay-Response';
export const PICK_RESPONSE_QUERY = 'hookbay_response';

export interface SenderPick {
  /** 100-599. */
  status?: number;
  /** 0-based index of the response. */
  responseIndex?: number;
}

function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,3}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * What the sender picked: the header first, then the query parameter. A status outside 100-599
 * and a response number outside 1..`responseCount` are left out.
 */
export function senderPick(request: ConditionRequest | ConditionScope, responseCount: number): SenderPick {
  const scope = 'json' in request ? request : conditionScope(request);
  const read = (header: string, query: string) =>
    wholeNumber(scope.header(header.toLowerCase()) ?? scope.query(query));
  const pick: SenderPick = {};
  const status = read(PICK_STATUS_HEADER, PICK_STATUS_QUERY);
  if (status !== null && status >= 100 && status <= 599) pick.status = status;
  const position = read(PICK_RESPONSE_HEADER, PICK_RESPONSE_QUERY);
  if (position !== null && position >= 1 && position <= responseCount) pick.responseIndex = position - 1;
  return pick;
}
