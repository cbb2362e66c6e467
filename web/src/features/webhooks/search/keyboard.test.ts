import { describe, expect, it } from 'vitest';
import { makeEvents } from '../test-events';
import { isTypingTarget, listKeyAction, movedSelection } from './keyboard';

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
  listKeyAction({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('listKeyAction', () => {
  it('maps the list keys', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'Delete', '/', 'Escape'].map((key) => press(key))).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'delete',
      'focusSearch',
      'clearSearch',
    ]);
    expect(press('x')).toBeNull();
    expect(press('Backspace')).toBeNull();
  });

  it('leaves shortcuts with a modifier to the browser', () => {
    expect(press('j', { ctrlKey: true })).toBeNull();
    expect(press('k', { metaKey: true })).toBeNull();
    expect(press('/', { altKey: true })).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields only', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('movedSelection', () => {
  const events = makeEvents(3, 2, 1);

  it('moves one row down (older) or up, staying at either end', () => {
    expect(movedSelection(events, 3, 'next')).toBe(2);
    expect(movedSelection(events, 2, 'previous')).toBe(3);
    expect(movedSelection(events, 1, 'next')).toBe(1);
    expect(movedSelection(events, 3, 'previous')).toBe(3);
  });

  it('takes the first row when nothing (listed) is selected, and nothing from an empty list', () => {
    expect(movedSelection(events, null, 'next')).toBe(3);
    expect(movedSelection(events, 99, 'previous')).toBe(3);
    expect(movedSelection([], null, 'next')).toBeNull();
  });
});
