import { create } from 'qrcode';
import { useMemo } from 'react';

type Props = {
  value: string;
  /** Drawn size in CSS pixels. */
  size?: number;
  /** Names the picture for screen readers ("QR code for the Android app"). */
  label: string;
  className?: string;
};

/**
 * A QR code drawn as one SVG path (crisp at any zoom, no canvas, no network), with the quiet zone
 * scanners need. Dark modules on white whatever the theme: phone cameras read that best.
 */
export function QrCode({ value, size = 120, label, className }: Props) {
  const { path, count } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    // One rectangle per horizontal run of dark modules keeps the path short.
    for (let y = 0; y < modules.size; y++) {
      let x = 0;
      while (x < modules.size) {
        if (!modules.get(y, x)) {
          x++;
          continue;
        }
        const start = x;
        while (x < modules.size && modules.get(y, x)) x++;
        d += `M${start + 2} ${y + 2}h${x - start}v1h-${x - start}z`;
      }
    }
    return { path: d, count: modules.size + 4 };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" rx="1.5" />
      <path d={path} fill="#0f1222" />
    </svg>
  );
}
