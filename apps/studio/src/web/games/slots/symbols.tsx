/**
 * Slot symbols, drawn in SVG for this studio: fruit, bell, BAR, seven, wild and scatter. They are
 * defined once per page as <symbol>s (SlotSymbolDefs) and each reel cell <use>s one, so 15 cells
 * spinning through 40 stops each cost one small DOM node apiece and no image requests.
 */
import type { ClassicSymbol, VideoSymbol } from '@sorte/fair';

export type SlotSymbolName = VideoSymbol | ClassicSymbol;

export function SlotSymbol({ name, className }: { name: SlotSymbolName; className?: string }) {
  if (name === 'blank') return <span className={className} aria-hidden="true" />;
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      <use href={`#slot-${name}`} />
    </svg>
  );
}

export function SlotSymbolDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="sg-red" cx="35%" cy="30%" r="75%">
          <stop offset="0" stopColor="#ff8a8a" />
          <stop offset="0.45" stopColor="#e8243b" />
          <stop offset="1" stopColor="#8c0f22" />
        </radialGradient>
        <radialGradient id="sg-yellow" cx="35%" cy="30%" r="80%">
          <stop offset="0" stopColor="#fff7b0" />
          <stop offset="0.5" stopColor="#ffd83a" />
          <stop offset="1" stopColor="#c99400" />
        </radialGradient>
        <radialGradient id="sg-orange" cx="35%" cy="30%" r="80%">
          <stop offset="0" stopColor="#ffd29a" />
          <stop offset="0.5" stopColor="#ff9124" />
          <stop offset="1" stopColor="#c24f00" />
        </radialGradient>
        <radialGradient id="sg-plum" cx="35%" cy="30%" r="80%">
          <stop offset="0" stopColor="#e3a8ff" />
          <stop offset="0.5" stopColor="#9b3fd1" />
          <stop offset="1" stopColor="#4e1478" />
        </radialGradient>
        <radialGradient id="sg-grape" cx="35%" cy="30%" r="80%">
          <stop offset="0" stopColor="#c7b6ff" />
          <stop offset="0.55" stopColor="#6a4be0" />
          <stop offset="1" stopColor="#2e1a86" />
        </radialGradient>
        <linearGradient id="sg-leaf" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7cf07a" />
          <stop offset="1" stopColor="#1f8a3a" />
        </linearGradient>
        <linearGradient id="sg-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.45" stopColor="#ffc928" />
          <stop offset="1" stopColor="#b87800" />
        </linearGradient>
        <linearGradient id="sg-seven" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff6b6b" />
          <stop offset="1" stopColor="#b3001b" />
        </linearGradient>
        <linearGradient id="sg-bar" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3a3f63" />
          <stop offset="1" stopColor="#10122a" />
        </linearGradient>
        <linearGradient id="sg-wild" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2ec4f5" />
          <stop offset="0.5" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ff4fa3" />
        </linearGradient>
        <radialGradient id="sg-scatter" cx="50%" cy="45%" r="60%">
          <stop offset="0" stopColor="#fffbe0" />
          <stop offset="0.4" stopColor="#ffd36a" />
          <stop offset="1" stopColor="#e07b00" />
        </radialGradient>

        <symbol id="slot-cherry" viewBox="0 0 100 100">
          <path
            d="M36 60 C 40 38, 52 24, 66 16 M 66 60 C 64 42, 64 28, 66 16"
            fill="none"
            stroke="#2f8a3a"
            strokeWidth="4.5"
            strokeLinecap="round"
          />
          <path d="M66 16 C 74 8, 88 10, 92 18 C 82 24, 72 22, 66 16 Z" fill="url(#sg-leaf)" />
          <circle cx="33" cy="68" r="18" fill="url(#sg-red)" />
          <circle cx="66" cy="70" r="18" fill="url(#sg-red)" />
          <ellipse
            cx="27"
            cy="61"
            rx="5"
            ry="3.5"
            fill="#fff"
            fillOpacity="0.7"
            transform="rotate(-30 27 61)"
          />
          <ellipse
            cx="60"
            cy="63"
            rx="5"
            ry="3.5"
            fill="#fff"
            fillOpacity="0.7"
            transform="rotate(-30 60 63)"
          />
        </symbol>

        <symbol id="slot-lemon" viewBox="0 0 100 100">
          <path
            d="M12 54 C 14 30, 40 18, 62 22 C 76 24, 86 34, 90 46 C 88 70, 62 84, 40 80 C 26 78, 16 68, 12 54 Z"
            fill="url(#sg-yellow)"
          />
          <path d="M86 44 l8 -4 -3 8 z M14 56 l-8 4 6 3 z" fill="#d9a400" />
          <ellipse
            cx="40"
            cy="38"
            rx="14"
            ry="6"
            fill="#fff"
            fillOpacity="0.55"
            transform="rotate(-18 40 38)"
          />
        </symbol>

        <symbol id="slot-orange" viewBox="0 0 100 100">
          <circle cx="50" cy="56" r="33" fill="url(#sg-orange)" />
          {[
            [36, 50],
            [58, 44],
            [66, 62],
            [44, 70],
            [52, 58],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="#b84a00" fillOpacity="0.5" />
          ))}
          <path d="M50 24 C 56 12, 70 10, 78 14 C 72 24, 60 26, 50 24 Z" fill="url(#sg-leaf)" />
          <ellipse
            cx="38"
            cy="40"
            rx="10"
            ry="6"
            fill="#fff"
            fillOpacity="0.5"
            transform="rotate(-30 38 40)"
          />
        </symbol>

        <symbol id="slot-plum" viewBox="0 0 100 100">
          <path
            d="M50 22 C 76 22, 84 46, 80 64 C 76 82, 60 90, 48 88 C 30 86, 18 72, 20 54 C 22 34, 34 22, 50 22 Z"
            fill="url(#sg-plum)"
          />
          <path
            d="M50 24 C 46 40, 46 60, 52 86"
            fill="none"
            stroke="#3a0d5c"
            strokeOpacity="0.4"
            strokeWidth="2.5"
          />
          <path
            d="M50 24 C 50 16, 54 10, 60 8"
            fill="none"
            stroke="#6b4a1e"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <ellipse
            cx="36"
            cy="44"
            rx="7"
            ry="12"
            fill="#fff"
            fillOpacity="0.35"
            transform="rotate(15 36 44)"
          />
        </symbol>

        <symbol id="slot-grape" viewBox="0 0 100 100">
          <path
            d="M50 18 C 50 12, 54 8, 58 6"
            fill="none"
            stroke="#6b4a1e"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <path d="M52 18 C 62 6, 80 8, 86 16 C 76 24, 62 24, 52 18 Z" fill="url(#sg-leaf)" />
          {[
            [36, 32],
            [52, 30],
            [68, 32],
            [28, 46],
            [44, 46],
            [60, 46],
            [76, 46],
            [36, 60],
            [52, 60],
            [68, 60],
            [44, 74],
            [60, 74],
            [52, 87],
          ].map(([x, y]) => (
            <g key={`${x}-${y}`}>
              <circle cx={x} cy={y} r="9.5" fill="url(#sg-grape)" />
              <circle
                cx={(x as number) - 3}
                cy={(y as number) - 3.5}
                r="2.6"
                fill="#fff"
                fillOpacity="0.55"
              />
            </g>
          ))}
        </symbol>

        <symbol id="slot-bell" viewBox="0 0 100 100">
          <circle cx="50" cy="14" r="6" fill="url(#sg-gold)" stroke="#8a5a00" strokeWidth="2" />
          <path
            d="M50 18 C 30 18, 24 36, 24 52 C 24 64, 20 70, 12 76 H 88 C 80 70, 76 64, 76 52 C 76 36, 70 18, 50 18 Z"
            fill="url(#sg-gold)"
            stroke="#8a5a00"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <rect
            x="10"
            y="74"
            width="80"
            height="9"
            rx="4.5"
            fill="url(#sg-gold)"
            stroke="#8a5a00"
            strokeWidth="2.5"
          />
          <circle cx="50" cy="89" r="7" fill="url(#sg-gold)" stroke="#8a5a00" strokeWidth="2" />
          <path
            d="M36 30 C 32 40, 32 52, 34 62"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.65"
            strokeWidth="5"
            strokeLinecap="round"
          />
        </symbol>

        <symbol id="slot-bar" viewBox="0 0 100 100">
          <rect
            x="6"
            y="28"
            width="88"
            height="44"
            rx="10"
            fill="url(#sg-bar)"
            stroke="url(#sg-gold)"
            strokeWidth="4"
          />
          <text
            x="50"
            y="52"
            textAnchor="middle"
            dominantBaseline="central"
            fontFamily="Impact, 'Arial Black', system-ui, sans-serif"
            fontWeight="900"
            fontSize="30"
            fill="url(#sg-gold)"
            stroke="#5a3a00"
            strokeWidth="1"
            letterSpacing="2"
          >
            BAR
          </text>
        </symbol>

        <symbol id="slot-seven" viewBox="0 0 100 100">
          <path
            d="M20 14 H 82 V 28 C 66 44, 56 62, 52 88 H 30 C 34 64, 46 44, 60 32 H 20 Z"
            fill="url(#sg-seven)"
            stroke="url(#sg-gold)"
            strokeWidth="5"
            strokeLinejoin="round"
          />
          <path d="M26 20 H 74" stroke="#fff" strokeOpacity="0.5" strokeWidth="3" strokeLinecap="round" />
        </symbol>

        <symbol id="slot-wild" viewBox="0 0 100 100">
          <rect
            x="6"
            y="14"
            width="88"
            height="72"
            rx="16"
            fill="url(#sg-wild)"
            stroke="#fff"
            strokeOpacity="0.8"
            strokeWidth="3"
          />
          <path d="M50 20 l5 10 11 1.5 -8 7.5 2 11 -10 -5.5 -10 5.5 2 -11 -8 -7.5 11 -1.5 z" fill="#fff3b0" />
          <text
            x="50"
            y="68"
            textAnchor="middle"
            dominantBaseline="central"
            fontFamily="Impact, 'Arial Black', system-ui, sans-serif"
            fontWeight="900"
            fontSize="25"
            fill="#fff"
            stroke="#3a0d5c"
            strokeWidth="1.2"
            letterSpacing="1"
          >
            WILD
          </text>
        </symbol>

        <symbol id="slot-scatter" viewBox="0 0 100 100">
          <path
            d="M50 4 L61 36 L95 36 L67 56 L78 90 L50 69 L22 90 L33 56 L5 36 L39 36 Z"
            fill="url(#sg-scatter)"
            stroke="#fff6d0"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <circle cx="50" cy="50" r="14" fill="#e0266d" stroke="#fff" strokeWidth="2.5" />
          <path
            d="M50 42 l2.6 5.4 5.9 .9 -4.3 4.1 1 5.9 -5.2 -2.8 -5.2 2.8 1 -5.9 -4.3 -4.1 5.9 -.9 z"
            fill="#fff"
          />
        </symbol>
      </defs>
    </svg>
  );
}
