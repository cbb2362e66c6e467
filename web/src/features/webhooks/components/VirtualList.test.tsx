import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualList } from './VirtualList';

interface Row {
  id: number;
}

const rowsOf = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index }));

function renderList(items: Row[]) {
  return render(
    <VirtualList
      items={items}
      rowHeight={50}
      overscan={2}
      fallbackHeight={500}
      getKey={(item) => item.id}
      renderRow={(item) => <span>Row {item.id}</span>}
      footer={<button type="button">More</button>}
      ariaLabel="Rows"
    />,
  );
}

const renderedRows = () => screen.getAllByRole('listitem').map((row) => row.textContent);

describe('VirtualList', () => {
  afterEach(cleanup);

  it('renders only the rows in view, not ten thousand', () => {
    renderList(rowsOf(10_000));
    const rows = renderedRows();
    // 500 px / 50 px = 10 rows in view, plus 2 overscan below.
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe('Row 0');
    expect(screen.getByRole('list', { name: 'Rows' })).toHaveStyle({ height: '500000px' });
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it('renders the rows that scroll into view', () => {
    const { container } = renderList(rowsOf(10_000));
    const scroller = container.firstElementChild as HTMLElement; // the list's own scrolling element
    scroller.scrollTop = 5000;
    fireEvent.scroll(scroller);
    const rows = renderedRows();
    expect(rows).toHaveLength(14);
    expect(rows[0]).toBe('Row 98');
    expect(rows).toContain('Row 100');
    expect(rows).not.toContain('Row 0');
    expect(screen.getByText('Row 100').parentElement).toHaveStyle({ top: '5000px' });
  });

  it('keeps the rows in view in place when rows are added above', () => {
    const { container, rerender } = renderList(rowsOf(100, 10));
    const scroller = container.firstElementChild as HTMLElement;
    scroller.scrollTop = 1000;
    fireEvent.scroll(scroller);
    act(() => {
      rerender(
        <VirtualList
          items={[...rowsOf(3, 0), ...rowsOf(100, 10)]}
          rowHeight={50}
          getKey={(item) => item.id}
          renderRow={(item) => <span>Row {item.id}</span>}
        />,
      );
    });
    expect(scroller.scrollTop).toBe(1150);
  });

  it('renders nothing but the footer for an empty list', () => {
    renderList([]);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
  });
});
