import { useMemo, useState } from 'react';
import type { DateRangeValue } from '../../components/ui/date-range-picker';
import { clampRange, earliestDay, presetRange, type RangePreset, todayIn } from './date-range';

/** The date picker's state for one records page: 7 days by default, as the server's default. */
export function useRecordRange(timeZone: string, onChange?: () => void) {
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const [value, setValue] = useState<DateRangeValue<RangePreset>>(() => ({
    preset: 'last7',
    ...presetRange('last7', today),
  }));
  return {
    value,
    today,
    min: earliestDay(today),
    onPreset: (preset: RangePreset) => {
      setValue({ preset, ...presetRange(preset, today) });
      onChange?.();
    },
    onCustom: (startDate: string, endDate: string) => {
      setValue({ preset: 'custom', ...clampRange(startDate, endDate, today) });
      onChange?.();
    },
  };
}
