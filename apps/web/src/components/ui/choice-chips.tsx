import { type ReactNode, useId } from 'react';
import styles from './choice-chips.module.css';

export type Choice<T extends string> = { value: T; label: ReactNode; hint?: ReactNode; disabled?: boolean };

type Props<T extends string> = {
  label: string;
  /** Hide the group's label when the page heading already says it. */
  hideLabel?: boolean;
  choices: Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /**
   * 'cards' for a few big choices (payment channels), 'chips' for many small ones (amounts),
   * 'segmented' for a short row of equal parts (date presets).
   */
  variant?: 'chips' | 'cards' | 'segmented';
  name?: string;
};

/**
 * One choice among a few, as big tappable chips. Native radio buttons underneath, so arrows move
 * between them and screen readers say "2 of 4".
 */
export function ChoiceChips<T extends string>({
  label,
  hideLabel = false,
  choices,
  value,
  onChange,
  variant = 'chips',
  name,
}: Props<T>) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={hideLabel ? 'visually-hidden' : styles.legend}>{label}</legend>
      <div className={[styles.options, styles[variant]].join(' ')}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={[
              styles.option,
              choice.value === value ? styles.selected : '',
              choice.disabled ? styles.disabled : '',
            ].join(' ')}
          >
            <input
              type="radio"
              className={styles.radio}
              name={name ?? id}
              value={choice.value}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span className={styles.text}>{choice.label}</span>
            {choice.hint && <span className={styles.hint}>{choice.hint}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
