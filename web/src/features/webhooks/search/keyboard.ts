/** The list's keyboard rules as pure functions. */
import type { WebhookEvent } from '../../../../../shared/webhooks';

export type ListKeyAction = 'next' | 'previous' | 'delete' | 'focusSearch' | 'clearSearch';

const KEY_ACTIONS: Record<string, ListKeyAction> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Delete: 'delete',
  '/': 'focusSearch',
  Escape: 'clearSearch',
};

/** True for elements that take typed text, where keys belong to the person typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The action of a key press outside text fields, or null; a shortcut with a modifier is the browser's. */
export function listKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): ListKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return KEY_ACTIONS[event.key] ?? null;
}

/**
 * The id to select after moving one row down (`next`, older) or up. With nothing selected the
 * first row is taken; at either end the selection stays.
 */
export function movedSelection(
  events: readonly WebhookEvent[],
  selectedId: number | null,
  direction: 'next' | 'previous',
): number | null {
  const index = events.findIndex((event) => event.id === selectedId);
  if (index === -1) return events[0]?.id ?? null;
  const target = events[direction === 'next' ? index + 1 : index - 1] ?? events[index];
  return target?.id ?? null;
}
