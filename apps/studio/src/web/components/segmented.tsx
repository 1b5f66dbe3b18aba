import styles from './segmented.module.css';

type Option<T extends string> = { value: T; label: string; tone?: 'low' | 'medium' | 'high' };

/** A row of mutually exclusive choices (over/under, risk): a radio group that looks like buttons. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
}: {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option} data-tone={option.tone}>
            <input
              type="radio"
              className="visually-hidden"
              name={label}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
