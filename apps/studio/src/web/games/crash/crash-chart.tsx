import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n';
import { formatHundredths } from '../../lib/money';
import { chartView, niceStep } from './chart-geometry';
import styles from './crash-chart.module.css';
import type { CrashState, CrashStore } from './crash-store';
import { curveAt, hundredthsAt } from './multiplier';

const PAD = { left: 40, right: 14, top: 14, bottom: 26 };

type Palette = { grid: string; label: string; line: [string, string]; fill: string; crashed: string };

const palette: Palette = {
  grid: 'rgba(255,255,255,0.07)',
  label: 'rgba(200,205,235,0.65)',
  line: ['#ffd36a', '#ff8a3d'],
  fill: 'rgba(245,184,46,0.22)',
  crashed: '#ff5d6c',
};

/** Where the curve is now: from the synced start while running, frozen at the crash after. */
function elapsedNow(state: CrashState, now: number): number {
  if (state.phase === 'running' && state.startedAt !== null) return Math.max(0, now - state.startedAt);
  if (state.phase === 'crashed' && state.crashElapsedMs !== null) return state.crashElapsedMs;
  return 0;
}

function draw(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  state: CrashState,
  elapsed: number,
) {
  ctx.clearRect(0, 0, width, height);
  const isCrashed = state.phase === 'crashed';
  const view = chartView(elapsed);
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (ms: number) => PAD.left + (ms / view.xMaxMs) * plotW;
  const y = (m: number) => PAD.top + plotH - ((m - 1) / (view.yMax - 1)) * plotH;

  // Grid and labels: multipliers up the side, seconds along the bottom.
  ctx.lineWidth = 1;
  ctx.font = '600 11px system-ui, sans-serif';
  ctx.fillStyle = palette.label;
  ctx.strokeStyle = palette.grid;
  const yStep = niceStep(view.yMax - 1);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let m = 1; m <= view.yMax + 1e-9; m += yStep) {
    const py = Math.round(y(m)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(PAD.left, py);
    ctx.lineTo(width - PAD.right, py);
    ctx.stroke();
    ctx.fillText(`${Number(m.toFixed(2))}×`, PAD.left - 6, py);
  }
  const xStep = niceStep(view.xMaxMs / 1000, 5) * 1000;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let ms = xStep; ms <= view.xMaxMs; ms += xStep)
    ctx.fillText(`${Math.round(ms / 1000)}s`, x(ms), height - PAD.bottom + 8);

  if (elapsed <= 0) return;
  // The curve, sampled about every 3 px.
  const samples = Math.max(24, Math.ceil(plotW / 3));
  ctx.beginPath();
  ctx.moveTo(x(0), y(1));
  for (let i = 1; i <= samples; i++) {
    const t = (elapsed * i) / samples;
    ctx.lineTo(x(t), y(curveAt(t)));
  }
  const tipX = x(elapsed);
  const tipY = y(curveAt(elapsed));
  // Area under the curve.
  ctx.save();
  ctx.lineTo(tipX, y(1));
  ctx.closePath();
  const area = ctx.createLinearGradient(0, tipY, 0, y(1));
  // Fade to the same colour at zero alpha: fading to transparent black darkens the middle.
  area.addColorStop(0, isCrashed ? 'rgba(255,93,108,0.3)' : palette.fill);
  area.addColorStop(1, isCrashed ? 'rgba(255,93,108,0)' : 'rgba(245,184,46,0)');
  ctx.fillStyle = area;
  ctx.fill();
  ctx.restore();
  // The line itself, redrawn without the closing edge.
  ctx.beginPath();
  ctx.moveTo(x(0), y(1));
  for (let i = 1; i <= samples; i++) {
    const t = (elapsed * i) / samples;
    ctx.lineTo(x(t), y(curveAt(t)));
  }
  const line = ctx.createLinearGradient(x(0), 0, tipX, 0);
  line.addColorStop(0, isCrashed ? '#ff8a7a' : palette.line[0]);
  line.addColorStop(1, isCrashed ? palette.crashed : palette.line[1]);
  ctx.strokeStyle = line;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke();
  // The tip: a glowing ball while it climbs, a burst when it crashes.
  ctx.save();
  ctx.shadowColor = isCrashed ? palette.crashed : '#ffb547';
  ctx.shadowBlur = 18;
  ctx.fillStyle = isCrashed ? palette.crashed : '#fff3c4';
  ctx.beginPath();
  ctx.arc(tipX, tipY, isCrashed ? 7 : 6, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  if (isCrashed) {
    ctx.strokeStyle = palette.crashed;
    ctx.lineWidth = 2.5;
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2;
      ctx.beginPath();
      ctx.moveTo(tipX + Math.cos(a) * 11, tipY + Math.sin(a) * 11);
      ctx.lineTo(tipX + Math.cos(a) * 18, tipY + Math.sin(a) * 18);
      ctx.stroke();
    }
  }
}

/**
 * The crash curve on a canvas, redrawn every animation frame from the synced start time (between
 * the server's ticks the curve keeps climbing along the same formula), with the big multiplier over
 * it. Screen readers get the phase changes instead of 60 numbers a second.
 */
export function CrashChart({ store, state }: { store: CrashStore; state: CrashState }) {
  const { t, locale } = useI18n();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const bigRef = useRef<HTMLSpanElement>(null);
  const countdownRef = useRef<HTMLSpanElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let frame = 0;
    let size = { width: 0, height: 0, dpr: 1 };
    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      size = { width: rect.width, height: rect.height, dpr };
      canvas.width = Math.round(rect.width * dpr);
      canvas.height = Math.round(rect.height * dpr);
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    observer?.observe(canvas);
    let drawn = '';
    const loop = () => {
      const s = store.getState();
      const now = performance.now();
      const elapsed = elapsedNow(s, now);
      // Between rounds the picture is still: redraw only when it changes (phones thank us).
      const key = `${s.phase}:${s.crashPoint}:${size.width}x${size.height}`;
      if (s.phase === 'running' || key !== drawn) {
        ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
        draw(ctx, size.width, size.height, s, elapsed);
        drawn = key;
      }
      if (bigRef.current) {
        const h = s.phase === 'crashed' ? (s.crashPoint ?? 100) : hundredthsAt(elapsed);
        bigRef.current.textContent = formatHundredths(h, locale);
      }
      if (s.phase === 'betting' && s.bettingEndsAt !== null) {
        const left = Math.max(0, s.bettingEndsAt - now);
        if (countdownRef.current) countdownRef.current.textContent = (left / 1000).toFixed(1);
        if (barRef.current)
          barRef.current.style.transform = `scaleX(${left / Math.max(1, s.bettingDurationMs)})`;
      }
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [store, locale]);

  const phase = state.phase;
  return (
    <div className={styles.chart} data-phase={phase}>
      <canvas ref={canvasRef} className={styles.canvas} />
      <div className={styles.overlay}>
        {phase === 'betting' ? (
          <div className={styles.waiting}>
            <span className={styles.caption}>{t('crashStartsIn')}</span>
            <span className={`${styles.countdown} tabular`}>
              <span ref={countdownRef}>0.0</span>s
            </span>
            <span className={styles.bar}>
              <span ref={barRef} />
            </span>
          </div>
        ) : phase === 'connecting' ? (
          <span className={styles.caption}>{t('crashConnecting')}</span>
        ) : (
          <div className={styles.live}>
            <span ref={bigRef} className={`${styles.big} tabular`} data-testid="crash-multiplier">
              1.00×
            </span>
            {phase === 'crashed' ? <span className={styles.crashedLabel}>{t('crashCrashed')}</span> : null}
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {phase === 'betting'
          ? t('crashBettingOpen')
          : phase === 'running'
            ? t('crashRunning')
            : phase === 'crashed' && state.crashPoint !== null
              ? t('crashCrashedAt', { at: formatHundredths(state.crashPoint, locale) })
              : ''}
      </p>
    </div>
  );
}
