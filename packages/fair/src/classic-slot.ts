/**
 * "Lucky Sevens": a classic 3-reel slot with one payline (the middle row).
 *
 * Rules
 * - Each reel is a strip of 64 symbols ('blank' included); a spin picks each stop with
 *   floor(float · 64), exactly uniform since 64 divides 2^32. The window shows the stop's symbol in
 *   the middle row with its neighbours above and below (for display only).
 * - Three of a kind on the payline pay `triple[symbol]` times the stake; otherwise cherries from the
 *   left pay: 1 cherry on reel 1 → `cherry[0]`, cherries on reels 1–2 → `cherry[1]`, and three
 *   cherries → `cherry[2]`. Pays are whole multiples of the stake, so payouts are exact integers.
 *
 * RTP: `theoreticalRtp()` evaluates every one of the 64^3 = 262,144 stop combinations (exact).
 */
import { type Rational, rational } from './rational';
import { type FloatStream, nextInt } from './stream';

export const classicSymbols = ['blank', 'cherry', 'lemon', 'orange', 'plum', 'bell', 'bar', 'seven'] as const;
export type ClassicSymbol = (typeof classicSymbols)[number];
export type TripleSymbol = Exclude<ClassicSymbol, 'blank' | 'cherry'>;

export const CLASSIC_STRIP_LENGTH = 64;

export interface ClassicSlotConfig {
  reels: readonly (readonly ClassicSymbol[])[];
  /** Three of a kind, in stakes. */
  triple: Readonly<Record<TripleSymbol, number>>;
  /** 1, 2 or 3 cherries from the left, in stakes. */
  cherry: readonly [number, number, number];
}

// Strips spread from per-reel counts (blank 15/21/21, cherry 12/6/6, and on every reel lemon 12,
// orange 8, plum 7, bell 4, bar 3, seven 3), then frozen. Exact RTP 95.9999% (see the tests).
/** One letter per symbol, so a 64-stop strip fits on a line. */
const code: Readonly<Record<string, ClassicSymbol>> = {
  _: 'blank',
  C: 'cherry',
  L: 'lemon',
  O: 'orange',
  P: 'plum',
  B: 'bell',
  R: 'bar',
  S: 'seven',
};
const strip = (letters: string): ClassicSymbol[] => Array.from(letters, (l) => code[l] as ClassicSymbol);

export const classicSlot: ClassicSlotConfig = {
  reels: [
    strip('_CLS_OCP_LBR_CLOP_CLO_CPL_BSC_LOPC_LOR_CLB_PCL_OSCL_OPC_LBR_CLOP'),
    strip('_SL_OP_LC_BO_LP_CR_LOS_LP_BO_LC_PR_LO_CL_PB_LO_SC_LO_PR_LB_OL_PC'),
    strip('C_LS_OP_LC_BO_LP_CL_OR_PL_BS_LO_PC_LO_CRL_PB_LO_SC_LO_PR_LB_OL_P'),
  ],
  triple: { lemon: 30, orange: 40, plum: 60, bell: 100, bar: 250, seven: 1000 },
  cherry: [2, 5, 20],
};

/** Win of a payline, in stakes. */
export function classicLinePay(
  a: ClassicSymbol,
  b: ClassicSymbol,
  c: ClassicSymbol,
  config = classicSlot,
): number {
  if (a === b && b === c && a !== 'blank' && a !== 'cherry') return config.triple[a];
  if (a !== 'cherry') return 0;
  if (b !== 'cherry') return config.cherry[0];
  return c === 'cherry' ? config.cherry[2] : config.cherry[1];
}

export interface ClassicSpin {
  stops: number[];
  /** window[reel][row], row 1 is the payline. */
  window: ClassicSymbol[][];
  line: [ClassicSymbol, ClassicSymbol, ClassicSymbol];
  /** Win in stakes (0 if none). */
  multiplier: number;
}

export function classicSpin(stream: FloatStream, config: ClassicSlotConfig = classicSlot): ClassicSpin {
  const n = CLASSIC_STRIP_LENGTH;
  const stops = config.reels.map(() => nextInt(stream, n));
  const window = config.reels.map((strip, r) =>
    [-1, 0, 1].map((k) => strip[((stops[r] as number) + k + n) % n] as ClassicSymbol),
  );
  const line = window.map((column) => column[1] as ClassicSymbol) as [
    ClassicSymbol,
    ClassicSymbol,
    ClassicSymbol,
  ];
  return { stops, window, line, multiplier: classicLinePay(line[0], line[1], line[2], config) };
}

/** Exact RTP: Σ of the payline win over all 64^3 stop combinations, over 64^3. */
export function classicTheoreticalRtp(config: ClassicSlotConfig = classicSlot): Rational {
  const [r1, r2, r3] = config.reels as [
    readonly ClassicSymbol[],
    readonly ClassicSymbol[],
    readonly ClassicSymbol[],
  ];
  let sum = 0n;
  for (const a of r1) for (const b of r2) for (const c of r3) sum += BigInt(classicLinePay(a, b, c, config));
  return rational(sum, BigInt(r1.length * r2.length * r3.length));
}
