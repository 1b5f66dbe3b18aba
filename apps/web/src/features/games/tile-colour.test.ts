import { describe, expect, it } from 'vitest';
import { createColourMap, tileColourOf } from './tile-colour';

describe('game tile colour', () => {
  it('cycles skyblue, green, purple, red by nodeId mod 4', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(tileColourOf)).toEqual([
      'skyblue',
      'green',
      'purple',
      'red',
      'skyblue',
      'green',
      'purple',
      'red',
    ]);
    expect(tileColourOf(1001)).toBe('green');
  });

  it('gives every id a colour, even odd ones', () => {
    expect(tileColourOf(-1)).toBe('red');
    expect(tileColourOf(6.7)).toBe('purple');
  });

  it('keeps a game on the same colour for the whole session, wherever its tile shows', () => {
    const colourOf = createColourMap();
    const first = colourOf(42);
    expect(colourOf(42)).toBe(first);
    expect(first).toBe('purple');
  });
});
