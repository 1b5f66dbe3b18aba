import { useTranslation } from 'react-i18next';
import { ChoiceChips } from './choice-chips';
import styles from './date-range-picker.module.css';

export type DateRangeValue<P extends string> = { preset: P | 'custom'; startDate: string; endDate: string };

type Props<P extends string> = {
  label: string;
  presets: { id: P; label: string }[];
  value: DateRangeValue<P>;
  /** Earliest and latest day allowed (yyyy-MM-dd). */
  min: string;
  max: string;
  onPreset: (preset: P) => void;
  onCustom: (startDate: string, endDate: string) => void;
};

/**
 * The records' date picker (spec section 9: steps of 7 and 30 days): presets for today, the last
 * 7 and the last 30 days, and a custom range that the date inputs keep within the allowed window.
 */
export function DateRangePicker<P extends string>({
  label,
  presets,
  value,
  min,
  max,
  onPreset,
  onCustom,
}: Props<P>) {
  const { t } = useTranslation();
  const choices = [
    ...presets.map((p) => ({ value: p.id as P | 'custom', label: p.label })),
    { value: 'custom' as const, label: t('member.records.custom') },
  ];
  return (
    <div className={styles.picker}>
      <ChoiceChips
        label={label}
        variant="segmented"
        choices={choices}
        value={value.preset}
        onChange={(choice) => {
          if (choice === 'custom') onCustom(value.startDate, value.endDate);
          else onPreset(choice as P);
        }}
      />
      {value.preset === 'custom' && (
        <div className={styles.custom}>
          <label className={styles.date}>
            <span>{t('member.records.from')}</span>
            <input
              type="date"
              value={value.startDate}
              min={min}
              max={value.endDate || max}
              onChange={(event) => event.target.value && onCustom(event.target.value, value.endDate)}
            />
          </label>
          <label className={styles.date}>
            <span>{t('member.records.to')}</span>
            <input
              type="date"
              value={value.endDate}
              min={value.startDate || min}
              max={max}
              onChange={(event) => event.target.value && onCustom(value.startDate, event.target.value)}
            />
          </label>
        </div>
      )}
    </div>
  );
}
