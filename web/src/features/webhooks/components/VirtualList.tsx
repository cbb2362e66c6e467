/**
 * A scrolling list that mounts only the rows in view (plus a few either side), so ten thousand
 * requests cost as much DOM as twenty. Every row has the same fixed height.
 */
import {
  useLayoutEffect,
  useRef,
  useState,
  type Key,
  type ReactNode,
  type RefObject,
  type UIEvent,
} from 'react';

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
  /** The scrolling element, for a caller that scrolls it (e.g. back to the top). */
  scrollerRef?: RefObject<HTMLDivElement | null>;
  /** Told the scroll position after each scroll, moves made to keep rows in place included. */
  onScrolled?: (scrollTop: number) => void;
}

/**
 * The element's height, kept current. `scrollTop` is where the list was last scrolled to: a list
 * hidden for a while (a phone showing the details instead) comes back at its place, where the
 * browser would have put it back at the top.
 */
function useViewportHeight(
  fallbackHeight: number,
  scrollTop: RefObject<number>,
  given?: RefObject<HTMLDivElement | null>,
) {
  const own = useRef<HTMLDivElement>(null);
  const ref = given ?? own;
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientHeight > 0 && element.scrollTop === 0 && scrollTop.current > 0) {
        element.scrollTop = scrollTop.current;
      }
      setHeight(element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, scrollTop]);
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
  scrollerRef,
  onScrolled,
}: VirtualListProps<T>) {
  // Kept from scroll events: reading scrollTop after every commit would force a layout each time.
  const scrollTop = useRef(0);
  const [ref, viewportHeight] = useViewportHeight(fallbackHeight, scrollTop, scrollerRef);
  const [firstInView, setFirstInView] = useState(0);
  const topKey = useRef<Key | null>(null);

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
    onScrolled?.(scrollTop.current);
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
