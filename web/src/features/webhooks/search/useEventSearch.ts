/**
 * The search box and method chips. The text reaches the filter a moment after the last key
 * press, so typing a word asks the server once rather than once per letter.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EventsFilter } from '../../../../../shared/event-search';
import { emptySearch, toEventsFilter, toggleChip, type MethodChip } from './event-filter';

const TYPING_PAUSE_MS = 250;

export interface EventSearch {
  text: string;
  chips: readonly MethodChip[];
  /** What the list is filtered by now. */
  filter: EventsFilter;
  inputRef: React.RefObject<HTMLInputElement | null>;
  setText: (text: string) => void;
  toggle: (chip: MethodChip) => void;
  /** Empties the search box (the chips stay). */
  clearText: () => void;
  /** Empties the search box and turns every chip off. */
  clearAll: () => void;
  focus: () => void;
}

export function useEventSearch(): EventSearch {
  const [text, setText] = useState(emptySearch.text);
  const [settledText, setSettledText] = useState(emptySearch.text);
  const [chips, setChips] = useState<readonly MethodChip[]>(emptySearch.chips);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSettledText(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // Emptying the box applies at once: there is nothing more to wait for.
  const filterText = text === '' ? '' : settledText;

  const filter = useMemo(() => toEventsFilter({ text: filterText, chips }), [filterText, chips]);
  const toggle = useCallback((chip: MethodChip) => setChips((current) => toggleChip(current, chip)), []);
  const clearText = useCallback(() => setText(''), []);
  const clearAll = useCallback(() => {
    setText('');
    setChips([]);
  }, []);
  const focus = useCallback(() => inputRef.current?.focus(), []);
  return { text, chips, filter, inputRef, setText, toggle, clearText, clearAll, focus };
}
