/** A small pictogram per game category, beside section titles and tabs. */
const paths: Record<string, string> = {
  HOT: 'M12 2c1 3.5 5 6 5 11a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-6 1-9.5z',
  RECENT: 'M12 7v5l3 2M21 12a9 9 0 1 1-9-9 9 9 0 0 1 9 9z',
  FAV: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  RNG: 'M4 5h16v14H4zM9 5v14M15 5v14M6 12h1M11.5 12h1M17 12h1',
  CRASH: 'M3 20l6-7 4 3 8-11M15 5h6v6',
  LIVE: 'M4 7h16v11H4zM9 3l3 4 3-4M10 10.5v4l3.5-2z',
  FISH: 'M3 12c3-5 9-6 13-3l5-3v12l-5-3c-4 3-10 2-13-3zM8 11h.01',
  PVP: 'M7 4h10v16H7zM12 8l2 3-2 3-2-3z',
  SPORTS: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7l4 3-1.5 4.5h-5L8 10z',
  ESPORTS:
    'M6 9h12a3 3 0 0 1 3 3v3a2 2 0 0 1-3.5 1.3L15 14H9l-2.5 2.3A2 2 0 0 1 3 15v-3a3 3 0 0 1 3-3zM8 11v2M7 12h2M15.5 12h.01M17.5 12h.01',
  LOTT: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9h.01M15 9h.01M12 15h.01M9 15h.01M15 15h.01',
  ELOTT: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  COCKFIGHT: 'M8 20l2-5-4-3 3-1-1-5 5 4 3-6 1 7 4 2-5 3 1 4',
  BONUS:
    'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1 0 1.5 3 1 6 1zM12 7c2-4 6-4 6-1 0 1.5-3 1-6 1z',
};

export function GameTypeIcon({ type, size = 20 }: { type: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={paths[type] ?? paths.RNG}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
