import type { SlotSymbolName } from './symbols';

/**
 * What a reel shows while it spins: the strip itself, read on from the stop, so the symbols that fly
 * past are the ones really on that reel (found by locating the window on the strip); random
 * symbols from the strip if the window is not on it. The last `rows` items are what it showed
 * before, so the spin starts exactly where the last one ended.
 */
export function spinSequence(
  strip: readonly SlotSymbolName[],
  window: readonly SlotSymbolName[],
  previous: readonly SlotSymbolName[],
  passing: number,
): SlotSymbolName[] {
  const n = strip.length;
  const rows = window.length;
  let stop = -1;
  for (let s = 0; s < n && stop < 0; s++) if (window.every((sym, k) => strip[(s + k) % n] === sym)) stop = s;
  const filler = Array.from({ length: passing }, (_, i) =>
    stop >= 0
      ? (strip[(stop + rows + i) % n] as SlotSymbolName)
      : (strip[Math.floor(Math.random() * n)] as SlotSymbolName),
  );
  return [...window, ...filler, ...previous];
}
