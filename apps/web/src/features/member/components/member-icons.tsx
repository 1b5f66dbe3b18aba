import type { MemberMenuKey } from '../member-menu';

const paths: Record<MemberMenuKey, string> = {
  deposit: 'M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5M4 17.5v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2',
  withdraw: 'M12 14.5v-11M7.5 8 12 3.5 16.5 8M4 17.5v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2',
  walletTransfer: 'M4 8h14l-3.5-3.5M20 16H6l3.5 3.5',
  transferToUpline: 'M12 20V8M7 12.5 12 7.5l5 5M6 4h12',
  bettingRecord: 'M6 3.5h12v17H6zM9 8h6M9 12h6M9 16h3.5',
  accountRecord: 'M4 6.5h16M4 12h16M4 17.5h10M17.5 15.5v4M15.5 17.5h4',
  profitLoss: 'M4 20.5h16M6.5 17v-5M11 17V7.5M15.5 17v-3M20 17V9',
  bonus:
    'M4.5 11h15v9.5h-15zM3.5 7.5h17V11h-17zM12 7.5v13M12 7.5C10.5 3.8 6.5 3.5 6.5 5.8S12 7.5 12 7.5zm0 0c1.5-3.7 5.5-4 5.5-1.7S12 7.5 12 7.5z',
  messages: 'M3.5 6.5h17v11h-17zM3.5 7l8.5 6 8.5-6',
  security: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
};

export function MemberIcon({ name, size = 22 }: { name: MemberMenuKey; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
