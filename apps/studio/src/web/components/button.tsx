import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'success' | 'ghost';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** The round's main action: full width, tall, thumb-sized. */
  size?: 'sm' | 'md' | 'lg';
  busy?: boolean;
};

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
