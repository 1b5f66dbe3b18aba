/**
 * Sorte's one icon set: line icons drawn on a 24-unit grid (no icon font, no network) for the game
 * types and lobby lists, the site frame's actions, the member centre, the popups' badges and the
 * social and app-store marks. Decorative by default; give the surrounding control its accessible
 * name. Every icon of the site is here, once: add one here rather than drawing it in place.
 */
const gift = {
  d: 'M4.5 11h15v9.5h-15zM3.5 7.5h17V11h-17zM12 7.5v13M12 7.5C10.5 3.8 6.5 3.5 6.5 5.8S12 7.5 12 7.5zm0 0c1.5-3.7 5.5-4 5.5-1.7S12 7.5 12 7.5z',
};

const icons = {
  // Game types (spec section 2 navigation entries).
  HOME: { d: 'M3 11.5 12 4l9 7.5M5.5 9.8V20h4.8v-5.5h3.4V20h4.8V9.8' },
  LIVE: {
    d: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 3v5.5M12 15.5V21M3 12h5.5M15.5 12H21',
  },
  RNG: {
    d: 'M4 6.5A1.5 1.5 0 0 1 5.5 5h10A1.5 1.5 0 0 1 17 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-10A1.5 1.5 0 0 1 4 17.5zM7.5 9v5M10.5 9v5M13.5 9v5M17 10h2.5V6.5M19.5 5.5v1',
  },
  FISH: { d: 'M2.5 12c3-4.8 9.5-6 14.5-2l4-3v10l-4-3c-5 4-11.5 2.8-14.5-2zM7.5 11v.01' },
  PVP: {
    d: 'M3.8 7.4 10.6 5.6l3.6 13.5-6.8 1.8zM13.2 5H19a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-2.4M7.4 11.2l2.4 1',
  },
  SPORTS: {
    d: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5l3.8 2.7-1.4 4.5H9.6l-1.4-4.5zM12 3v4.5M15.8 10.2l4.6-1.5M14.4 14.7l2.7 4M9.6 14.7l-2.7 4M8.2 10.2 3.6 8.7',
  },
  ESPORTS: {
    d: 'M7 8h10a4.5 4.5 0 0 1 4.5 4.5v1.2a3 3 0 0 1-5.3 1.9L14.7 14H9.3l-1.5 1.6a3 3 0 0 1-5.3-1.9v-1.2A4.5 4.5 0 0 1 7 8zM7.5 10.5v3M6 12h3M15.5 11.2v.01M17.5 13v.01',
  },
  LOTT: {
    d: 'M8.5 9a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM15.5 4a5 5 0 0 1 0 10M7.5 12.8 9 12v5M15 6.5h1.5l-1.5 4',
  },
  ELOTT: {
    d: 'M4.5 4h15A1.5 1.5 0 0 1 21 5.5v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 15V5.5A1.5 1.5 0 0 1 4.5 4zM12 7a3.2 3.2 0 1 0 0 6.4A3.2 3.2 0 0 0 12 7zM8 20.5h8M12 16.5v4',
  },
  COCKFIGHT: {
    d: 'M6 20.5h9M9 20.5l1.2-3M6.5 17.5c-2.5-2-3-5.5-1.5-8.5 1.4 1.6 3.2 2 5 1.8L11 6.5 13 3l1.3 2.6 2.7.4-1.3 2 2.8 1.6-2.9.7c.6 4.6-2.2 8.2-6.1 8.2z',
  },
  CRASH: { d: 'M3 20.5h18M4 18c6.5 0 10.5-3.4 14-12M13.5 5.5H18.5v5' },
  BONUS: gift,
  // Lobby lists that are not game types.
  HOT: { d: 'M12 2c1 3.5 5 6 5 11a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-6 1-9.5z' },
  RECENT: { d: 'M12 7v5l3 2M21 12a9 9 0 1 1-9-9 9 9 0 0 1 9 9z' },
  FAV: { d: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z' },
  PROMOTIONS: {
    d: 'M3.5 10.5v3a1 1 0 0 0 1 1H7l5.5 4.5V5L7 9.5H4.5a1 1 0 0 0-1 1zM16 9a4 4 0 0 1 0 6M18.8 6.2a8 8 0 0 1 0 11.6',
  },
  // Frame actions.
  games: { d: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z' },
  account: { d: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5a7.5 7.5 0 0 1 15 0' },
  menu: { d: 'M4 7h16M4 12h16M4 17h10' },
  close: { d: 'M6 6l12 12M18 6 6 18' },
  chevronDown: { d: 'M6 9.5l6 6 6-6' },
  chevronLeft: { d: 'M14.5 6l-6 6 6 6' },
  chevronRight: { d: 'M9.5 6l6 6-6 6' },
  arrowUp: { d: 'M12 19.5V5M5.5 11.5 12 5l6.5 6.5' },
  gift,
  invite: {
    d: 'M9.5 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2.5 20.5a7 7 0 0 1 12.6-4.2M18.5 14v7M15 17.5h7',
  },
  download: { d: 'M12 3.5v11.5M7 10.5l5 5 5-5M4.5 20.5h15' },
  headset: {
    d: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5.5H5.2A1.2 1.2 0 0 1 4 18.3zM20 14h-3v5.5h1.8a1.2 1.2 0 0 0 1.2-1.2zM17 19.5c-.6 1.2-2 2-4 2h-1.5',
  },
  feedback: { d: 'M4 4.5h16v11.5H9l-5 4.5zM8 9h8M8 12.2h5' },
  handshake: {
    d: 'M2.5 8.5 6 6l3.5 1.5L12 6l3 .5 3-1 3.5 3.5M2.5 8.5 7 14l3.5 3a1.6 1.6 0 0 0 2.3-2.2M21.5 9 16 15.5l-1.5 1.5a1.6 1.6 0 0 1-2.3-2.2M12 7l-2.5 3.2a1.5 1.5 0 0 0 2.2 2L14 10.5l3.5 3',
  },
  help: {
    d: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1.9-1.1 1.7v.6M12 17v.01',
  },
  globe: {
    d: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3.2 3 14.8 0 18M12 3c-3 3.2-3 14.8 0 18',
  },
  blocked: {
    d: 'M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0 1 11.7-3.9M18.4 8.6c.1.5.1.9.1 1.4 0 4.9-6.5 11-6.5 11M12 7.5a2.5 2.5 0 0 0-2.3 3.5M3.5 3.5l17 17',
  },
  cone: { d: 'M9.8 3.5h4.4l4.3 15.5h-13zM7.4 10h9.2M6.1 14.5h11.8M3 19h18' },
  search: { d: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20' },
  eye: { d: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z' },
  eyeOff: {
    d: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM4 20 20 4',
  },
  refresh: { d: 'M20 11.5a8 8 0 1 1-2.3-5.7M20 4v5.5h-5.5' },
  shield: { d: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5' },
  collapse: { d: 'M4 4.5h16v15H4zM9.5 4.5v15M16 9.5 13.5 12l2.5 2.5' },
  expand: { d: 'M4 4.5h16v15H4zM9.5 4.5v15M13.5 9.5 16 12l-2.5 2.5' },
  // Member centre (spec section 2's menu; the bonus is the gift, security the shield).
  deposit: { d: 'M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5M4 17.5v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2' },
  withdraw: { d: 'M12 14.5v-11M7.5 8 12 3.5 16.5 8M4 17.5v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2' },
  walletTransfer: { d: 'M4 8h14l-3.5-3.5M20 16H6l3.5 3.5' },
  transferToUpline: { d: 'M12 20V8M7 12.5 12 7.5l5 5M6 4h12' },
  bettingRecord: { d: 'M6 3.5h12v17H6zM9 8h6M9 12h6M9 16h3.5' },
  accountRecord: { d: 'M4 6.5h16M4 12h16M4 17.5h10M17.5 15.5v4M15.5 17.5h4' },
  profitLoss: { d: 'M4 20.5h16M6.5 17v-5M11 17V7.5M15.5 17v-3M20 17V9' },
  messages: { d: 'M3.5 6.5h17v11h-17zM3.5 7l8.5 6 8.5-6' },
  // Popup badges.
  lock: { d: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2' },
  key: { d: 'M14.5 9.5a4.5 4.5 0 1 1-1.3-3.2A4.5 4.5 0 0 1 14.5 9.5zM13 13l7 7M17 17l2-2M15 15l1.5-1.5' },
  star: { d: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z' },
  exit: { d: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10' },
  // Marks (simplified, drawn here).
  telegram: { d: 'M21 4.5 2.8 11.6l5.7 2 2.2 6.4 3.4-4 5 3.6zM8.5 13.6 21 4.5M10.7 20l.4-5 3 1' },
  instagram: {
    d: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.3 6.7v.01',
  },
  facebook: { d: 'M15.5 3.5H14a4 4 0 0 0-4 4v3H7.5v3.5H10v7h3.5v-7H16l.5-3.5h-3V8a1 1 0 0 1 1-1h1z' },
  whatsapp: {
    d: 'M3.5 20.5l1.3-4.3a8.6 8.6 0 1 1 3.2 3.1zM9 8.2c.3-.5.8-.5 1.1 0l.8 1.6c.1.3 0 .6-.2.8l-.6.6a6 6 0 0 0 2.8 2.8l.6-.6c.2-.2.5-.3.8-.2l1.6.8c.5.3.5.8 0 1.1-1 .9-2.3 1.1-3.6.4a9 9 0 0 1-3.7-3.7c-.7-1.3-.5-2.6.4-3.6z',
  },
  apple: {
    d: 'M15.6 3c-1.3.1-2.8 1-3.3 2.6 1.4.2 2.9-.8 3.3-2.6zM17.9 12.9c0-2.2 1.7-3.2 1.8-3.3-1-1.4-2.5-1.6-3-1.6-1.3-.1-2.5.8-3.2.8-.6 0-1.7-.7-2.8-.7-1.4 0-2.8.9-3.5 2.1-1.5 2.6-.4 6.5 1.1 8.6.7 1 1.6 2.2 2.7 2.2 1 0 1.5-.7 2.8-.7s1.6.7 2.8.7 1.9-1.1 2.6-2.1c.8-1.2 1.1-2.4 1.1-2.5-.1 0-2.4-.9-2.4-3.5z',
  },
  android: {
    d: 'M6.5 10.5h11v7.5a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1zM6.5 9.2a5.5 5.5 0 0 1 11 0zM8.2 4.5l1.3 2M15.8 4.5l-1.3 2M10 7.6v.01M14 7.6v.01M4 11v5M20 11v5M9.5 19v2.5M14.5 19v2.5',
  },
} as const;

export type IconName = keyof typeof icons;

export function isIconName(name: string): name is IconName {
  return name in icons;
}

type Props = { name: IconName; size?: number; className?: string };

export function Icon({ name, size = 20, className }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={icons[name].d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A game category's or lobby list's icon (the menu's own), or the slot machine for an unknown one. */
export function GameTypeIcon({ type, size = 20 }: { type: string; size?: number }) {
  return <Icon name={isIconName(type) ? type : 'RNG'} size={size} />;
}
