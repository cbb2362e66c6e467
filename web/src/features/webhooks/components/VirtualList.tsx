/**
 * A scrolling list that mounts only the rows in view (plus a few either side), so ten thousand
 * requests cost as much DOM as twenty. Every row has the same fixed height.
 */
import { useLayoutEffect, useRef, useState, type Key, type ReactNode, type UIEvent } from 'react';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Height of every row in pixels. */
  rowHeight: number;
  getKey: (item: T) => Key;
  renderRow: (item: T, index: number) => ReactNode;
  /** Rows mounted beyond each edge of the view. */
  overscan?: number;
  /** Rendered after the last row, inside the scrolling area. */
  footer?: ReactNode;
  /** Height assumed until the element has been measured (and where layout reports none). */
  fallbackHeight?: number;
  /** Classes of the scrolling element. */
  className?: string;
  /** Classes of the element holding the rows. */
  listClassName?: string;
  ariaLabel?: string;
}

function useViewportHeight(fallbackHeight: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, height || fallbackHeight] as const;
}

export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  overscan = 6,
  footer,
  fallbackHeight = 800,
  className = '',
  listClassName,
  ariaLabel,
}: VirtualListProps<T>) {
  const [ref, viewportHeight] = useViewportHeight(fallbackHeight);
  const [firstInView, setFirstInView] = useState(0);
  const topKey = useRef<Key | null>(null);
  // Kept from scroll events: reading scrollTop after every commit would force a layout each time.
  const scrollTop = useRef(0);

  // When rows are added above while someone is scrolled down, keep the rows they read in place.
  useLayoutEffect(() => {
    const first = items[0];
    const previousTop = topKey.current;
    topKey.current = first === undefined ? null : getKey(first);
    const element = ref.current;
    if (!element || previousTop === null || topKey.current === previousTop || scrollTop.current === 0) return;
    const shift = items.findIndex((item) => getKey(item) === previousTop);
    if (shift > 0) element.scrollTop += shift * rowHeight;
  }, [items, getKey, rowHeight, ref]);

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    scrollTop.current = event.currentTarget.scrollTop;
    setFirstInView(Math.floor(scrollTop.current / rowHeight));
  }

  const start = Math.max(0, Math.min(firstInView, items.length - 1) - overscan);
  const end = Math.min(items.length, firstInView + Math.ceil(viewportHeight / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    // Loop bounds keep the index inside the array.
    const item = items[index] as T;
    rows.push(
      <div
        key={getKey(item)}
        role="listitem"
        aria-setsize={items.length}
        aria-posinset={index + 1}
        style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
      >
        {renderRow(item, index)}
      </div>,
    );
  }

  return (
    <div ref={ref} className={`overflow-y-auto ${className}`} onScroll={handleScroll}>
      <div
        role="list"
        aria-label={ariaLabel}
        className={listClassName}
        style={{ position: 'relative', height: items.length * rowHeight }}
      >
        {rows}
      </div>
      {footer}
    </div>
  );
}
