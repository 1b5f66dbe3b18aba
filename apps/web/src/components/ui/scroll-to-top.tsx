import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import styles from './scroll-to-top.module.css';

/**
 * The scroll-to-top button of long lists (spec section 2: home and game lists): appears once the
 * page has scrolled a screen down, and glides back up (jumps when reduced motion is asked for).
 */
export function ScrollToTop({ threshold = 600 }: { threshold?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(window.scrollY > threshold));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  if (!visible) return null;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return (
    <button
      type="button"
      className={styles.button}
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
