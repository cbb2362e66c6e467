/**
 * The targeting part of the Add and Edit URL forms as pure functions: the draft the inputs hold
 * and the body fields sent. On edit, the switch and the rules are sent only when they changed.
 */
import { LISTED_VALUES, type ConditionType } from '../../../../../shared/link-conditions';
import type { TargetingRule } from '../../../../../shared/link-targeting';
import type { ShortUrl } from '../../../../../shared/links';
import { fromLocalInput, toLocalInput } from '../../../lib/local-time';
import {
  draftOfSplit,
  isSplitComplete,
  sentSplitOf,
  type SplitBody,
  type SplitDraft,
} from '../splits/split-form';

export interface ConditionDraft {
  /** React's key; stable while the condition is edited. */
  key: number;
  type: ConditionType;
  /** As typed; a date condition's as a datetime-local value in the browser's time zone. */
  value: string;
}

export interface RuleDraft {
  key: number;
  /** The stored rule's id, so its clicks stay with it; absent for a new rule. */
  id?: string;
  destination: string;
  conditions: ConditionDraft[];
  /** The rule's own split; no variants: its visitors all go to `destination`. */
  split: SplitDraft;
}

export interface TargetingDraft {
  forwardQuery: boolean;
  rules: RuleDraft[];
}

/** What the form sends of targeting; each field only when it is to be set. */
export interface TargetingBody {
  forwardQuery?: boolean;
  rules?: {
    id?: string;
    destination?: string;
    conditions: { type: ConditionType; value: string }[];
    split?: SplitBody['split'];
  }[];
}

let nextKey = 1;
const newKey = () => nextKey++;

/** The value a condition starts with when its type is picked. */
export function defaultValueOf(type: ConditionType): string {
  return Object.keys(LISTED_VALUES[type] ?? {})[0] ?? '';
}

export function newCondition(type: ConditionType = 'device'): ConditionDraft {
  return { key: newKey(), type, value: defaultValueOf(type) };
}

export function newRule(): RuleDraft {
  return { key: newKey(), destination: '', conditions: [newCondition()], split: draftOfSplit(null) };
}

const isDateType = (type: ConditionType) => type === 'from' || type === 'until';

function ruleDraftOf(rule: TargetingRule): RuleDraft {
  return {
    key: newKey(),
    id: rule.id,
    destination: rule.split ? '' : rule.destination,
    conditions: rule.conditions.map(({ type, value }) => ({
      key: newKey(),
      type,
      value: isDateType(type) ? toLocalInput(value) : value,
    })),
    split: draftOfSplit(rule.split),
  };
}

/** False while a rule's split has weights that do not add up to 100: the form is not sent. */
export function areRuleSplitsComplete(draft: TargetingDraft): boolean {
  return draft.rules.every((rule) => isSplitComplete(rule.split));
}

/** The inputs' starting values: forwarding on and no rules when adding, the link's own when editing. */
export function targetingDraftOf(link: ShortUrl | null): TargetingDraft {
  return { forwardQuery: link?.forwardQuery ?? true, rules: (link?.rules ?? []).map(ruleDraftOf) };
}

function conditionValueOf({ type, value }: ConditionDraft): string {
  const trimmed = value.trim();
  // An unfinished date is sent as typed, for the server to refuse by its field.
  return isDateType(type) && trimmed !== '' && !Number.isNaN(Date.parse(trimmed))
    ? fromLocalInput(trimmed)
    : trimmed;
}

function rulesOf(drafts: RuleDraft[]): NonNullable<TargetingBody['rules']> {
  return drafts.map((rule) => {
    const split = sentSplitOf(rule.split);
    return {
      ...(rule.id !== undefined && { id: rule.id }),
      // With a split, the server keeps the first variant's destination as the rule's.
      destination: split ? (split.variants[0]?.destination ?? '') : rule.destination.trim(),
      conditions: rule.conditions.map((condition) => ({
        type: condition.type,
        value: conditionValueOf(condition),
      })),
      ...(split && { split }),
    };
  });
}

/** The rules as the server keeps them, for telling whether the draft changed them. */
function sameRules(sent: NonNullable<TargetingBody['rules']>, stored: TargetingRule[]): boolean {
  return (
    JSON.stringify(sent) ===
    JSON.stringify(
      stored.map(({ id, destination, conditions, split }) => ({
        id,
        destination,
        conditions,
        ...(split && { split }),
      })),
    )
  );
}

/** The targeting fields to send: what differs from the defaults when adding, the changes when editing. */
export function targetingBodyOf(draft: TargetingDraft, initial: ShortUrl | null): TargetingBody {
  const body: TargetingBody = {};
  if (draft.forwardQuery !== (initial?.forwardQuery ?? true)) body.forwardQuery = draft.forwardQuery;
  const rules = rulesOf(draft.rules);
  if (!sameRules(rules, initial?.rules ?? [])) body.rules = rules;
  return body;
}

/** The list with the item at `from` moved to `to`; the same list when `to` is out of range. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
