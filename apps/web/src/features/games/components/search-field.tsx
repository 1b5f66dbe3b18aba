import { type Ref, useId } from 'react';
import { Icon } from '../../../components/ui/icon';
import styles from './search-field.module.css';

type Props = {
  /** Names the field for screen readers ("Game name"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Takes the focus when its dialog opens (Modal focuses `[data-autofocus]`). */
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra layout from the page (a width beside filters). */
  className?: string;
  iconSize?: number;
};

/** The rounded game-name search field of the game lists and the home page's search dialog. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  autoFocus = false,
  inputRef,
  className,
  iconSize = 20,
}: Props) {
  const id = useId();
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={iconSize} />
      <input
        ref={inputRef}
        id={id}
        data-autofocus={autoFocus || undefined}
        type="search"
        value={value}
        maxLength={50}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </div>
  );
}
