import { describe, expect, it } from 'vitest';
import { togglePick } from './picks';

describe('togglePick', () => {
  it('picks up to two requests; a third lets go of the first picked', () => {
    expect(togglePick([], 4)).toEqual([4]);
    expect(togglePick([4], 2)).toEqual([4, 2]);
    expect(togglePick([4, 2], 9)).toEqual([2, 9]);
  });

  it('unpicks a picked request', () => {
    expect(togglePick([4, 2], 4)).toEqual([2]);
  });
});
