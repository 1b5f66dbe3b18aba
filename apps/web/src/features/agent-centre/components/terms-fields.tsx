import type { ContractKind, DividendPeriod } from '@sorte/shared/contracts/agent-contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { TermsError, TermsForm } from '../terms';
import styles from './agent-centre.module.css';

/** The offer's terms for one kind: one tier's rate and thresholds, or the real-time rates. */
export function TermsFields({
  kind,
  form,
  onChange,
  error,
}: {
  kind: ContractKind;
  form: TermsForm;
  onChange: (form: TermsForm) => void;
  error: TermsError | null;
}) {
  const { t } = useTranslation('agent');
  const field = (name: keyof TermsForm) => ({
    label: t(`terms.${name}`),
    value: String(form[name]),
    inputMode: 'decimal' as const,
    onChange: (value: string) => onChange({ ...form, [name]: value }),
    error: error?.field === name ? t('terms.notANumber') : null,
  });
  return (
    <div className={styles.formRow}>
      {kind === 'dividend' && (
        <SelectField
          label={t('terms.period')}
          value={form.period}
          options={(['D', 'W', 'H', 'M'] as const).map((p) => ({ value: p, label: t(`terms.periods.${p}`) }))}
          onChange={(period) => onChange({ ...form, period: period as DividendPeriod })}
        />
      )}
      {kind === 'realtimeSalary' ? (
        <>
          <TextField {...field('winPercent')} />
          <TextField {...field('lossPercent')} />
          <TextField {...field('singleBetPercent')} />
        </>
      ) : (
        <>
          <TextField {...field('ratePercent')} />
          <TextField {...field('minTurnover')} />
        </>
      )}
      <TextField {...field('minBetAmount')} />
      <TextField {...field('minActiveMembers')} />
      <TextField {...field('feePercent')} />
    </div>
  );
}
