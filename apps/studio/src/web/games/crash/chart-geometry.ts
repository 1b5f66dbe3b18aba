import { curveAt } from './multiplier';

/** Axes of the crash chart: the curve's tip sits at about 80% of the width and of the height. */
export type ChartView = { xMaxMs: number; yMax: number };

export function chartView(elapsedMs: number): ChartView {
  return {
    xMaxMs: Math.max(10_000, elapsedMs / 0.8),
    yMax: Math.max(2, 1 + (curveAt(elapsedMs) - 1) / 0.78),
  };
}

const niceSteps = [
  0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000,
];

/** A grid step giving three to five lines between 0 and `span`. */
export function niceStep(span: number, lines = 4): number {
  for (const step of niceSteps) if (span / step <= lines) return step;
  return niceSteps[niceSteps.length - 1] as number;
}
