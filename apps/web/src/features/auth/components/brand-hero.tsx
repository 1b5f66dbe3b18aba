import styles from './auth-forms.module.css';

/** The brand mark on top of the sign-in popups. */
export function BrandHero() {
  return (
    <span className={styles.hero} aria-hidden="true">
      <svg viewBox="0 0 64 64" width="44" height="44" aria-hidden="true">
        <defs>
          <linearGradient id="sorte-hero" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffd36a" />
            <stop offset="1" stopColor="#e09a12" />
          </linearGradient>
        </defs>
        <circle cx="32" cy="32" r="22" fill="none" stroke="url(#sorte-hero)" strokeWidth="7" />
        <circle cx="32" cy="32" r="8" fill="var(--color-accent)" />
      </svg>
    </span>
  );
}
