/**
 * Board geometry in SVG user units. Row r has r + 3 pegs, `spacing` apart; after r rows with k
 * rights the ball is (k − r/2) spacings from the centre, which is exactly where row r's peg k + 1
 * stands, and after the last row it is over bucket k. So the server's path (0 = left, 1 = right per
 * row) is the whole animation: no physics, no chance for the picture to disagree with the result.
 */

export const BOARD_WIDTH = 400;
const TOP = 34;
const BOTTOM_SPACE = 44;

export type Board = {
  rows: number;
  spacing: number;
  rowGap: number;
  pegRadius: number;
  ballRadius: number;
  height: number;
  pegs: { x: number; y: number; row: number }[];
  buckets: { x: number; y: number; width: number }[];
};

export function boardFor(rows: number): Board {
  const spacing = BOARD_WIDTH / (rows + 2);
  const rowGap = spacing * 0.86;
  const pegRadius = Math.max(2.6, spacing * 0.12);
  const ballRadius = Math.max(5, spacing * 0.26);
  const pegs: Board['pegs'] = [];
  for (let r = 0; r < rows; r++)
    for (let i = 0; i < r + 3; i++)
      pegs.push({ x: BOARD_WIDTH / 2 + (i - (r + 2) / 2) * spacing, y: TOP + r * rowGap, row: r });
  const bucketY = TOP + (rows - 1) * rowGap + rowGap * 0.9;
  const buckets = Array.from({ length: rows + 1 }, (_, b) => ({
    x: BOARD_WIDTH / 2 + (b - rows / 2) * spacing,
    y: bucketY,
    width: spacing * 0.9,
  }));
  return {
    rows,
    spacing,
    rowGap,
    pegRadius,
    ballRadius,
    height: bucketY + BOTTOM_SPACE - 10,
    pegs,
    buckets,
  };
}

export type Point = { x: number; y: number };

/**
 * The ball's key points: above the top peg, then bouncing on one peg per row (a small hop between
 * contacts), then into the bucket.
 */
export function ballPoints(board: Board, path: readonly number[]): { points: Point[]; isContact: boolean[] } {
  const lift = board.pegRadius + board.ballRadius;
  const points: Point[] = [{ x: BOARD_WIDTH / 2, y: TOP - board.rowGap }];
  const isContact = [false];
  let rights = 0;
  path.forEach((step, r) => {
    const contact = {
      x: BOARD_WIDTH / 2 + (rights - r / 2) * board.spacing,
      y: TOP + r * board.rowGap - lift,
    };
    points.push(contact);
    isContact.push(true);
    rights += step;
    const next = BOARD_WIDTH / 2 + (rights - (r + 1) / 2) * board.spacing;
    // The hop: half-way across, a little above the peg it just hit.
    points.push({ x: (contact.x + next) / 2, y: contact.y - board.rowGap * 0.28 });
    isContact.push(false);
  });
  const bucket = board.buckets[rights];
  points.push({ x: bucket?.x ?? BOARD_WIDTH / 2, y: (bucket?.y ?? 0) + 4 });
  isContact.push(true);
  return { points, isContact };
}

/** Bucket colour: warm yellow in the middle (small pays) to hot red at the edges (big pays). */
export function bucketColour(bucket: number, rows: number): string {
  const t = Math.abs(bucket - rows / 2) / (rows / 2);
  const hue = Math.round(50 - 48 * t);
  return `hsl(${hue} 95% ${Math.round(58 - 8 * t)}%)`;
}

/** "1000", "5.6", "0.2": a bucket label without a trailing ×, short enough for 17 buckets. */
export function bucketLabel(multiplierBp: number): string {
  const value = multiplierBp / 10_000;
  if (value >= 1000) return `${Math.round(value / 1000)}K`;
  if (value >= 100) return String(Math.round(value));
  return String(Number(value.toFixed(value >= 10 ? 0 : 1)));
}
