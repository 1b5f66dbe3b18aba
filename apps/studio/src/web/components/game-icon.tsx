import type { GameCode } from '../lib/types';

/** A small glyph per game for the top bar and the verify picker (drawn here, no image requests). */
export function GameIcon({ game, size = 24 }: { game: GameCode; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {game === 'crash' ? (
        <>
          <path
            d="M3 20 C 10 19, 15 14, 20 5"
            fill="none"
            stroke="#f5b82e"
            strokeWidth="2.6"
            strokeLinecap="round"
          />
          <circle cx="20" cy="5" r="2.6" fill="#ffd36a" />
        </>
      ) : game === 'dice' ? (
        <>
          <rect x="3" y="3" width="18" height="18" rx="4.5" fill="#2ec4f5" />
          <circle cx="8.5" cy="8.5" r="1.7" fill="#0f1222" />
          <circle cx="12" cy="12" r="1.7" fill="#0f1222" />
          <circle cx="15.5" cy="15.5" r="1.7" fill="#0f1222" />
        </>
      ) : game === 'limbo' ? (
        <>
          <circle cx="12" cy="12" r="9" fill="none" stroke="#8b5cf6" strokeWidth="2.4" />
          <path
            d="M8 15l8-6M10.5 8.5H16v5.5"
            fill="none"
            stroke="#c4b5fd"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </>
      ) : game === 'mines' ? (
        <>
          <path d="M12 3l7 6-7 12-7-12z" fill="#3ddc84" />
          <path
            d="M5 9h14M12 3l-3 6 3 12 3-12z"
            fill="none"
            stroke="#0f1222"
            strokeOpacity="0.35"
            strokeWidth="1"
          />
        </>
      ) : game === 'plinko' ? (
        <>
          {[
            [12, 5],
            [8.5, 10],
            [15.5, 10],
            [5, 15],
            [12, 15],
            [19, 15],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" fill="#b4b8d4" />
          ))}
          <circle cx="10.2" cy="19.5" r="2.6" fill="#ff6b9a" />
        </>
      ) : game === 'lucky-sevens' ? (
        <path d="M6 4h12l-6.5 16h-3.2L14 7H6z" fill="#ff5d6c" stroke="#ffd36a" strokeWidth="1.2" />
      ) : (
        <>
          <circle cx="9" cy="15" r="4.5" fill="#e0474c" />
          <circle cx="16" cy="16" r="4" fill="#e0474c" />
          <path d="M9 11c0-4 3-7 7-7M16 12c0-3-2-6-4-7" fill="none" stroke="#3ddc84" strokeWidth="1.8" />
        </>
      )}
    </svg>
  );
}
