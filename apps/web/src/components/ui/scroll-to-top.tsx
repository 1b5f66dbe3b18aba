import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import styles from './scroll-to-top.module.css';

/**
 * How far the button must rise so it sits above the page footer rather than over its text: the
 * height of the footer part now on screen (0 while the footer is below the fold).
 */
export function footerOverlap(): number {
  const footer = document.querySelector('footer');
  if (!footer) return 0;
  return Math.max(0, Math.round(window.innerHeight - footer.getBoundingClientRect().top));
}

/**
 * The scroll-to-top button of long lists (spec section 2: home and game lists): appears once the
 * page has scrolled a screen down, and glides back up (jumps when reduced motion is asked for).
 * At the bottom of the page it rides on top of the footer, never over the licence note or links.
 */
export function ScrollToTop({ threshold = 600 }: { threshold?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [lift, setLift] = useState(0);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        setVisible(window.scrollY > threshold);
        setLift(footerOverlap());
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [threshold]);
  if (!visible) return null;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return (
    <button
      type="button"
      className={styles.button}
      style={lift > 0 ? ({ '--footer-lift': `${lift}px` } as CSSProperties) : undefined}
      aria-label={t('frame.scrollToTop')}
      title={t('frame.scrollToTop')}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <Icon name="arrowUp" size={22} />
    </button>
  );
}
