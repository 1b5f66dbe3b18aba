import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'outline';
  /** Shows a spinner and blocks clicks while a request runs; the label stays for screen readers. */
  busy?: boolean;
  block?: boolean;
  size?: 'sm' | 'md';
};

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy = false,
  block = false,
  size = 'md',
  disabled,
  children,
  onClick,
  ...rest
}: Props) {
  // Busy keeps focus on the button (a disabled button drops it), but ignores further presses.
  return (
    <button
      type={type}
      className={[styles.button, styles[variant], styles[size], block && styles.block, className]
        .filter(Boolean)
        .join(' ')}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
