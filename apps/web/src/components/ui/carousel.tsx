import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import {
  Children,
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './carousel.module.css';
import { usePrefersReducedMotion } from './use-reduced-motion';

/** Slides in view at each width: phones first, then ≥600 px, ≥900 px and ≥1200 px. */
export type PerView = { base: number; sm?: number; md?: number; lg?: number };

type Props = {
  /** Names the carousel region, e.g. "Promotions". */
  label: string;
  children: ReactNode;
  perView?: PerView;
  /** Space between slides in px (the spec gives 13 for HOT, 20 for promotions, about 20.3 for banners). */
  gap?: number;
  loop?: boolean;
  /** Moves on by itself every so many ms (paused by hover, focus, a drag, the pause button or reduced motion). */
  autoplayMs?: number;
  /** How long one move takes, in ms (the spec's "speed" / "transition"). */
  transitionMs?: number;
  arrows?: boolean;
  dots?: boolean;
  /** Controls shown over the slides (banners) or in a bar above them (lanes). */
  controls?: 'overlay' | 'header';
  /** Rendered beside the arrows in the header bar (a title, a "more" link). */
  header?: ReactNode;
  className?: string;
};

/**
 * Embla's duration is not in ms ("higher is slower", 20–60 recommended); about 30 ms per unit
 * matches the spec's transition times (1000 ms → 33, 1100 ms → 37).
 */
export const emblaDuration = (ms: number) => Math.min(60, Math.max(15, Math.round(ms / 30)));

/** Embla needs the observers real browsers have; elsewhere (jsdom) the slides simply stand still. */
const canRun =
  typeof window !== 'undefined' && 'IntersectionObserver' in window && 'ResizeObserver' in window;

/**
 * A swipeable, keyboard-usable carousel (Embla) configured from the spec's constants. It pauses when
 * hovered, focused or dragged, offers a pause button while it plays by itself, and never moves by
 * itself when the person prefers reduced motion.
 */
export function Carousel({
  label,
  children,
  perView = { base: 1 },
  gap = 12,
  loop = false,
  autoplayMs,
  transitionMs = 600,
  arrows = false,
  dots = false,
  controls = 'header',
  header,
  className,
}: Props) {
  const { t } = useTranslation();
  const reduced = usePrefersReducedMotion();
  const slides = Children.toArray(children);
  const [paused, setPaused] = useState(false);
  const plays = Boolean(autoplayMs) && !reduced && slides.length > 1;
  const plugins = useMemo(
    () =>
      plays
        ? [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ]
        : [],
    [plays, autoplayMs],
  );
  // Embla measures the slides when it is made: made in the commit's effects, that forced a layout
  // of the whole new page inside the same long task. Its viewport is handed to it after the first
  // frame instead, when the browser has laid the page out (the slides stand where Embla puts them).
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!canRun) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStarted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const [viewport, api] = useEmblaCarousel(
    {
      active: canRun,
      loop,
      align: 'start',
      containScroll: loop ? false : 'trimSnaps',
      duration: reduced ? 15 : emblaDuration(transitionMs),
      slidesToScroll: 1,
    },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);

  const sync = useCallback(() => {
    if (!api) return;
    setSelected(api.selectedScrollSnap());
    setSnaps(api.scrollSnapList());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  useEffect(() => {
    if (!api) return;
    const apply = () => {
      const autoplay = api.plugins()?.autoplay;
      // With a single position the plugin never starts (and must not be asked to).
      if (!autoplay || api.scrollSnapList().length <= 1) return;
      if (paused) autoplay.stop();
      else if (!autoplay.isPlaying()) autoplay.play();
    };
    apply();
    api.on('reInit', apply);
    return () => {
      api.off('reInit', apply);
    };
  }, [api, paused]);

  const scrollable = canPrev || canNext;
  const style = {
    '--gap': `${gap}px`,
    '--per-view': perView.base,
    '--per-view-sm': perView.sm ?? perView.base,
    '--per-view-md': perView.md ?? perView.sm ?? perView.base,
    '--per-view-lg': perView.lg ?? perView.md ?? perView.sm ?? perView.base,
  } as CSSProperties;

  const pauseButton = plays && scrollable && (
    <button
      type="button"
      className={styles.arrow}
      onClick={() => setPaused((p) => !p)}
      aria-label={paused ? t('carousel.play') : t('carousel.pause')}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        {paused ? (
          <path d="M8 5l11 7-11 7z" fill="currentColor" />
        ) : (
          <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
  const stepButtons = arrows && (
    <>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => api?.scrollPrev()}
        disabled={!canPrev && !loop}
        aria-label={t('carousel.previous')}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => api?.scrollNext()}
        disabled={!canNext && !loop}
        aria-label={t('carousel.next')}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
      </button>
    </>
  );
  const showDots = dots && snaps.length > 1;
  // Over the slides (banners) the pause button sits with the dots, so the picture stays clear on a
  // phone, where the arrows give way to swiping.
  const headerControls = controls === 'header' && (pauseButton || stepButtons) && (
    <div className={styles.arrows}>
      {pauseButton}
      {stepButtons}
    </div>
  );

  return (
    <section
      className={[styles.carousel, controls === 'overlay' && styles.overlay, className]
        .filter(Boolean)
        .join(' ')}
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      style={style}
    >
      {(header || headerControls) && (
        <div className={styles.header}>
          {header}
          {headerControls}
        </div>
      )}
      <div className={styles.viewport} ref={canRun && started ? viewport : undefined}>
        <div className={styles.container}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a group.
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional; their content carries its own keys.
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideOf', { index: index + 1, total: slides.length })}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {controls === 'overlay' && stepButtons && <div className={styles.overlayArrows}>{stepButtons}</div>}
      {(showDots || (controls === 'overlay' && pauseButton)) && (
        <div className={styles.dots}>
          {showDots &&
            snaps.map((_, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per snap position.
                key={index}
                type="button"
                className={styles.dot}
                aria-label={t('carousel.goTo', { index: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => api?.scrollTo(index)}
              />
            ))}
          {controls === 'overlay' && pauseButton && <span className={styles.dotsPause}>{pauseButton}</span>}
        </div>
      )}
    </section>
  );
}
