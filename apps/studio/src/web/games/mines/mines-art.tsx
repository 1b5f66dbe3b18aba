/**
 * Game art for Mines, drawn in SVG: a cut emerald and a lit bomb. The gradients are defined once per
 * page (MinesArtDefs) and shared by all 25 tiles, so no id repeats in the document.
 */

export function MinesArtDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="gem-top" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b6ffd9" />
          <stop offset="1" stopColor="#3ddc84" />
        </linearGradient>
        <linearGradient id="gem-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34d98a" />
          <stop offset="1" stopColor="#0b8a4f" />
        </linearGradient>
        <radialGradient id="mine-body" cx="38%" cy="35%" r="70%">
          <stop offset="0" stopColor="#6b6f8f" />
          <stop offset="0.55" stopColor="#2a2d45" />
          <stop offset="1" stopColor="#0d0f1e" />
        </radialGradient>
        <radialGradient id="mine-spark" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#fff6c2" />
          <stop offset="0.5" stopColor="#ffb547" />
          <stop offset="1" stopColor="#ff5d6c" stopOpacity="0" />
        </radialGradient>
      </defs>
    </svg>
  );
}

export function Gem({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="32" cy="56" rx="16" ry="3" fill="rgba(0,0,0,0.35)" />
      <path d="M14 22 L22 10 H42 L50 22 L32 52 Z" fill="url(#gem-body)" />
      <path d="M14 22 L22 10 H42 L50 22 Z" fill="url(#gem-top)" />
      <path
        d="M22 10 L27 22 L32 10 L37 22 L42 10"
        fill="none"
        stroke="#e9fff3"
        strokeOpacity="0.7"
        strokeWidth="1.2"
      />
      <path
        d="M14 22 H50 M27 22 L32 52 L37 22"
        fill="none"
        stroke="#075c34"
        strokeOpacity="0.55"
        strokeWidth="1.2"
      />
      <path d="M18 22 L32 52 L14 22 Z" fill="#ffffff" fillOpacity="0.12" />
      <path d="M24 13 L28 13 L25 19 Z" fill="#ffffff" fillOpacity="0.85" />
      <path d="M50 6 l1.5 3.5 3.5 1.5 -3.5 1.5 -1.5 3.5 -1.5 -3.5 -3.5 -1.5 3.5 -1.5 z" fill="#fff" />
    </svg>
  );
}

export function Mine({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="32" cy="57" rx="15" ry="3" fill="rgba(0,0,0,0.35)" />
      {[0, 45, 90, 135].map((a) => (
        <rect
          key={a}
          x="30"
          y="12"
          width="4"
          height="42"
          rx="2"
          fill="#1d2036"
          transform={`rotate(${a} 32 33)`}
        />
      ))}
      <circle cx="32" cy="33" r="16" fill="url(#mine-body)" />
      <circle cx="26" cy="27" r="4" fill="#fff" fillOpacity="0.35" />
      <path d="M40 20 q6 -8 12 -6" fill="none" stroke="#c9a86a" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="52" cy="13" r="7" fill="url(#mine-spark)" />
    </svg>
  );
}
