/**
 * Keyboard use of the request list: j/k and the arrow keys move the selection, Delete deletes
 * the selected request, / goes to the search box and Escape empties it. Keys typed into a text
 * field are left alone.
 */
import { useEffect, useRef } from 'react';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { isTypingTarget, listKeyAction, movedSelection } from './keyboard';

interface ListKeyboardOptions {
  events: readonly WebhookEvent[];
  selectedId: number | null;
  select: (id: number) => void;
  remove: (id: number) => void;
  focusSearch: () => void;
  clearSearch: () => void;
}

export function useListKeyboard(options: ListKeyboardOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Bootstrap marks the body while a dialog is open; the keys are the dialog's then.
      if (
        event.defaultPrevented ||
        isTypingTarget(event.target) ||
        document.body.classList.contains('modal-open')
      )
        return;
      const action = listKeyAction(event);
      if (!action) return;
      const { events, selectedId, select, remove, focusSearch, clearSearch } = latest.current;
      event.preventDefault();
      if (action === 'focusSearch') focusSearch();
      else if (action === 'clearSearch') clearSearch();
      else if (action === 'delete') {
        if (selectedId !== null) remove(selectedId);
      } else {
        const id = movedSelection(events, selectedId, action);
        if (id === null) return;
        select(id);
        // The selected row marks itself aria-current; one row on is always mounted (the list
        // renders a few rows beyond its edges), so it can be scrolled to once React has drawn it.
        requestAnimationFrame(() =>
          document
            .querySelector('.webhook-request-scroll [aria-current="true"]')
            ?.scrollIntoView({ block: 'nearest' }),
        );
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
