import { type PlinkoRisk, plinkoTable } from '@sorte/fair';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n';
import { formatBp } from '../../lib/money';
import styles from './plinko-board.module.css';
import { BOARD_WIDTH, ballPoints, boardFor, bucketColour, bucketLabel } from './plinko-geometry';

export type Ball = { id: string; path: number[]; bucket: number };

/** The peg board with its buckets; each ball in flight follows its server path, then lights its bucket. */
export function PlinkoBoard({
  rows,
  risk,
  balls,
  hits,
  msPerRow,
  onLanded,
}: {
  rows: number;
  risk: PlinkoRisk;
  balls: Ball[];
  /** Buckets just hit (bucket → a counter that changes per hit, to replay the flash). */
  hits: ReadonlyMap<number, number>;
  msPerRow: number;
  onLanded: (ball: Ball) => void;
}) {
  const { locale } = useI18n();
  const board = boardFor(rows);
  const table = plinkoTable(rows, risk);
  const fontSize = Math.min(13, board.spacing * 0.34);
  return (
    <svg
      className={styles.board}
      viewBox={`0 0 ${BOARD_WIDTH} ${board.height}`}
      role="img"
      aria-label={table.map((bp) => formatBp(bp, locale)).join(', ')}
    >
      <defs>
        <radialGradient id="plinko-ball" cx="35%" cy="30%" r="70%">
          <stop offset="0" stopColor="#fff" />
          <stop offset="0.35" stopColor="#ff9ec4" />
          <stop offset="1" stopColor="#e0266d" />
        </radialGradient>
        <radialGradient id="plinko-peg" cx="40%" cy="35%" r="70%">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#9aa0c8" />
        </radialGradient>
      </defs>
      {board.pegs.map((peg) => (
        <circle
          key={`${peg.row}-${peg.x}`}
          cx={peg.x}
          cy={peg.y}
          r={board.pegRadius}
          fill="url(#plinko-peg)"
        />
      ))}
      {board.buckets.map((bucket, b) => {
        const colour = bucketColour(b, rows);
        const multiplier = table[b] ?? 0;
        return (
          <g
            // The key changes on each hit so the flash animation replays.
            // biome-ignore lint/suspicious/noArrayIndexKey: buckets are fixed positions
            key={`${b}-${hits.get(b) ?? 0}`}
            className={styles.bucket}
            data-hit={hits.has(b) || undefined}
          >
            <rect
              x={bucket.x - bucket.width / 2}
              y={bucket.y}
              width={bucket.width}
              height={board.spacing * 0.72}
              rx={Math.min(6, bucket.width * 0.2)}
              fill={colour}
            />
            <rect
              x={bucket.x - bucket.width / 2}
              y={bucket.y + board.spacing * 0.72 - 4}
              width={bucket.width}
              height={4}
              rx={2}
              fill="rgba(0,0,0,0.3)"
            />
            <text
              x={bucket.x}
              y={bucket.y + board.spacing * 0.36}
              fontSize={fontSize}
              className={styles.label}
              textAnchor="middle"
              dominantBaseline="central"
            >
              {bucketLabel(multiplier)}
            </text>
          </g>
        );
      })}
      {balls.map((ball) => (
        <FallingBall key={ball.id} ball={ball} rows={rows} msPerRow={msPerRow} onLanded={onLanded} />
      ))}
    </svg>
  );
}

function FallingBall({
  ball,
  rows,
  msPerRow,
  onLanded,
}: {
  ball: Ball;
  rows: number;
  msPerRow: number;
  onLanded: (ball: Ball) => void;
}) {
  const ref = useRef<SVGCircleElement>(null);
  const landed = useRef(onLanded);
  landed.current = onLanded;
  const board = boardFor(rows);
  useEffect(() => {
    const node = ref.current;
    const { points, isContact } = ballPoints(boardFor(rows), ball.path);
    const total = msPerRow * (ball.path.length + 1);
    if (!node || typeof node.animate !== 'function') {
      landed.current(ball);
      return;
    }
    // Falling speeds up into each contact (ease-in) and slows into each hop's top (ease-out).
    const animation = node.animate(
      points.map((p, i) => ({
        transform: `translate(${p.x}px, ${p.y}px)`,
        offset: i / (points.length - 1),
        easing: isContact[i + 1] ? 'ease-in' : 'ease-out',
      })),
      { duration: total, fill: 'forwards' },
    );
    animation.onfinish = () => landed.current(ball);
    return () => animation.cancel();
  }, [ball, rows, msPerRow]);
  return (
    <circle
      ref={ref}
      r={board.ballRadius}
      cx={0}
      cy={0}
      fill="url(#plinko-ball)"
      className={styles.ball}
      style={{ transform: `translate(${BOARD_WIDTH / 2}px, -20px)` }}
    />
  );
}
