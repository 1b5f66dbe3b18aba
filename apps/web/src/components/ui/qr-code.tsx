import { useEffect, useState } from 'react';

type Props = {
  value: string;
  /** Drawn size in CSS pixels. */
  size?: number;
  /** Names the picture for screen readers ("QR code for the Android app"). */
  label: string;
  className?: string;
};

type Drawn = { value: string; path: string; count: number };

/** Draws the code as one SVG path: one rectangle per horizontal run of dark modules keeps it short. */
async function draw(value: string): Promise<Drawn> {
  // The encoder loads with the first code shown, not with every page that might show one.
  const { create } = await import('qrcode');
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  let d = '';
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
  return { value, path: d, count: modules.size + 4 };
}

/**
 * A QR code drawn as one SVG path (crisp at any zoom, no canvas, no network), with the quiet zone
 * scanners need. Dark modules on white whatever the theme: phone cameras read that best. The box
 * keeps its size while the encoder loads, so nothing moves when the code appears.
 */
export function QrCode({ value, size = 120, label, className }: Props) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let current = true;
    void draw(value).then((next) => {
      if (current) setDrawn(next);
    });
    return () => {
      current = false;
    };
  }, [value]);
  const ready = drawn?.value === value ? drawn : null;
  const count = ready?.count ?? 29;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      aria-busy={ready ? undefined : true}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" rx="1.5" />
      {ready && <path d={ready.path} fill="#0f1222" />}
    </svg>
  );
}
