import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, pageOf } from './pagination';

describe('pageItems (margin 1, range 5)', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last page and five around the current one, with gaps', () => {
    expect(pageItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageItems(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });

  it('shows a lone missing page instead of an ellipsis', () => {
    expect(pageItems(5, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('clamps an out-of-range page and answers nothing for no pages', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('pageOf / pageCount', () => {
  it('cuts 12 announcements into pages of 9', () => {
    const items = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(pageCount(items.length, 9)).toBe(2);
    expect(pageOf(items, 2, 9)).toEqual([10, 11, 12]);
    expect(pageCount(0, 9)).toBe(1);
  });
});
