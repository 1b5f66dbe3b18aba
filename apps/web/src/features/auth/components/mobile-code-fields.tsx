import type { FieldRule } from '@sorte/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { currentMerchant } from '../../../lib/merchant';
import type { SmsCode } from '../hooks/use-sms-code';
import { mobileError } from '../validation';
import { SmsCodeButton } from './sms-code-button';

/** A national mobile number of the merchant's country: its dialing code in front, its length hinted. */
export function MobileField({
  value,
  onChange,
  error,
  rule,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  rule: FieldRule;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.mobile')}
      value={value}
      onChange={onChange}
      error={error}
      leading={`+${currentMerchant().countryDialingCode}`}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={t('auth.fields.mobilePlaceholder', { range: `${rule.minLength}-${rule.maxLength}` })}
      maxLength={rule.maxLength}
    />
  );
}

/**
 * The SMS code with its "send code" button (spec section 4): the number is checked before anything is
 * sent (its error goes to the mobile field through `onMobileChecked`), and once the code is on its
 * way the caret moves here. `sms` (useSmsCode) holds the number and the code, and sends for this
 * form's purpose.
 */
export function SmsCodeField({
  sms,
  error,
  rule,
  onMobileChecked,
}: {
  sms: SmsCode;
  error?: string | null;
  rule: FieldRule;
  onMobileChecked: (problem: string | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <TextField
      ref={input}
      label={t('auth.fields.smsCode')}
      value={sms.code}
      onChange={sms.setCode}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={8}
      trailing={
        <SmsCodeButton
          validate={() => {
            const problem = mobileError(sms.mobile, rule, t);
            onMobileChecked(problem);
            return !problem;
          }}
          send={sms.send}
          onSent={() => input.current?.focus()}
        />
      }
    />
  );
}
