import { Icon } from '../../../components/ui/icon';

/**
 * The merchants' country flags, drawn as SVG so they look the same on every phone (emoji flags are
 * letters on many Android and Windows systems). Unknown countries get a globe.
 */
export function Flag({ country, size = 22 }: { country: string; size?: number }) {
  const height = Math.round((size * 2) / 3);
  const common = {
    viewBox: '0 0 30 20',
    width: size,
    height,
    focusable: 'false' as const,
    style: { borderRadius: 3, flex: 'none' },
  };
  switch (country.toUpperCase()) {
    case 'BR':
      return (
        <svg {...common} aria-hidden="true">
          <rect width="30" height="20" fill="#009c3b" />
          <path d="M15 2.2 27.4 10 15 17.8 2.6 10z" fill="#ffdf00" />
          <circle cx="15" cy="10" r="4.9" fill="#002776" />
          <path d="M10.3 9.1c3.2-.5 6.6.2 9.4 2" fill="none" stroke="#fff" strokeWidth="0.9" />
        </svg>
      );
    case 'MX':
      return (
        <svg {...common} aria-hidden="true">
          <rect width="10" height="20" fill="#006847" />
          <rect x="10" width="10" height="20" fill="#fff" />
          <rect x="20" width="10" height="20" fill="#ce1126" />
          <circle cx="15" cy="10" r="2.6" fill="#8c5a2b" />
          <path d="M12.3 11.2c1.2 1.9 4.2 1.9 5.4 0" fill="none" stroke="#006847" strokeWidth="0.8" />
        </svg>
      );
    case 'BD':
      return (
        <svg {...common} aria-hidden="true">
          <rect width="30" height="20" fill="#006a4e" />
          <circle cx="13.5" cy="10" r="6" fill="#f42a41" />
        </svg>
      );
    default:
      return <Icon name="globe" size={size} />;
  }
}
