import type { ReactNode } from 'react';
import { TextField } from './text-field';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  currencySymbol: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  id?: string;
  trailing?: ReactNode;
};

/** A money field: the currency symbol in front, the phone's number pad with a decimal key. */
export function AmountField({ label, value, onChange, currencySymbol, error, hint, id, trailing }: Props) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(next) => onChange(next.replace(/[^\d.,\s]/g, ''))}
      inputMode="decimal"
      autoComplete="off"
      enterKeyHint="done"
      placeholder="0.00"
      leading={<strong aria-hidden="true">{currencySymbol}</strong>}
      trailing={trailing}
      error={error}
      hint={hint}
    />
  );
}
