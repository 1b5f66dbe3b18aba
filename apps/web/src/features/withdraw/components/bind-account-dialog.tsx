import {
  type PayeeAccount,
  type PayeeAccountType,
  type PaymentChannelCode,
  payeeTypesByChannel,
} from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Modal } from '../../../components/ui/modal';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { accountRules, accountValueState, isValidHolderName, paymentPasswordProblem } from '../account-rules';
import { useBindPayee, useUpdatePayee } from '../api/withdraw';
import { channelNames } from '../labels';
import styles from './withdraw.module.css';

type Props = {
  open: boolean;
  onClose: () => void;
  onDone: (account: PayeeAccount) => void;
  channels: PaymentChannelCode[];
  /** False: this first bind sets the payment password. */
  hasPaymentPassword: boolean;
  /** Editing a bound (not yet confirmed) account instead of adding one. */
  editing?: PayeeAccount | null;
};

type Errors = Partial<Record<'value' | 'holderName' | 'paymentPassword' | 'confirmPassword', string>>;

/**
 * Binds a payee account (PIX key, CLABE, bKash/Nagad number) with the payment password, checking
 * the format while the person types, then shows what will be bound and that it cannot be changed
 * once a payout has reached it (spec section 4).
 */
export function BindAccountDialog({
  open,
  onClose,
  onDone,
  channels,
  hasPaymentPassword,
  editing = null,
}: Props) {
  const { t } = useTranslation();
  const bind = useBindPayee();
  const update = useUpdatePayee();
  // The merchant's channels may arrive after this dialog is first rendered: a choice that is not
  // (or no longer) offered falls back to the first one offered.
  const [chosenChannel, setChannel] = useState<PaymentChannelCode | null>(editing?.channel ?? null);
  const channel: PaymentChannelCode =
    editing?.channel ??
    (chosenChannel && channels.includes(chosenChannel) ? chosenChannel : (channels[0] ?? 'PIX'));
  const types = payeeTypesByChannel[channel];
  const [chosenType, setType] = useState<PayeeAccountType | null>(editing?.type ?? null);
  const type: PayeeAccountType = chosenType && types.includes(chosenType) ? chosenType : (types[0] ?? 'CPF');
  const [value, setValue] = useState('');
  const [holderName, setHolderName] = useState(editing?.holderName ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState<'form' | 'review'>('form');
  const settingPassword = !hasPaymentPassword && !editing;
  const mutation = editing ? update : bind;
  const rule = accountRules[type];
  const state = accountValueState(type, value);

  const close = () => {
    if (mutation.isPending) return;
    setStep('form');
    mutation.reset();
    onClose();
  };

  const review = () => {
    const next: Errors = {};
    if (state !== 'valid') next.value = t(`errors:${rule.errorCode}`);
    if (!isValidHolderName(holderName)) next.holderName = t('member.payee.holderNameRule');
    const pwProblem = paymentPasswordProblem(password);
    if (pwProblem === 'format') next.paymentPassword = t('member.password.sixDigits');
    else if (pwProblem === 'weak' && settingPassword)
      next.paymentPassword = t('errors:PAYMENT_PASSWORD_WEAK');
    if (settingPassword && !next.paymentPassword && confirmPassword !== password)
      next.confirmPassword = t('member.password.mismatch');
    setErrors(next);
    if (Object.keys(next).length === 0) {
      mutation.reset();
      setStep('review');
    }
  };

  const submit = () => {
    const onSuccess = (account: PayeeAccount) => {
      setStep('form');
      setValue('');
      setPassword('');
      setConfirmPassword('');
      onDone(account);
    };
    const onError = (error: Error) => {
      // A field the server refused goes back to the form, under that field.
      const field = error instanceof ApiError ? (error.value as { field?: string } | null)?.field : undefined;
      if (field === 'value' || field === 'holderName' || field === 'paymentPassword') {
        setErrors({ [field]: error.message });
        setStep('form');
      }
    };
    const body = { type, value: value.trim(), holderName: holderName.trim(), paymentPassword: password };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess, onError });
    else bind.mutate({ channel, ...body }, { onSuccess, onError });
  };

  // Live format hint: what the value should look like, until it does.
  const hint = state === 'valid' ? t('member.payee.looksRight') : t(`member.payee.typeHint.${type}`);

  return (
    <Modal
      title={editing ? t('member.payee.editTitle') : t('member.payee.addTitle')}
      open={open}
      onClose={close}
      size="sm"
    >
      {step === 'form' ? (
        <form
          className={styles.dialogForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          {!editing && channels.length > 1 && (
            <ChoiceChips
              label={t('member.payee.channel')}
              value={channel}
              onChange={(c) => {
                setChannel(c);
                setType(null);
                setValue('');
              }}
              choices={channels.map((c) => ({ value: c, label: channelNames[c] }))}
            />
          )}
          {types.length > 1 && (
            <ChoiceChips
              label={t('member.payee.keyType')}
              value={type}
              onChange={(next) => {
                setType(next);
                setValue('');
                setErrors({});
              }}
              choices={types.map((k) => ({ value: k, label: t(`member.payee.types.${k}`) }))}
            />
          )}
          <TextField
            label={t(`member.payee.valueLabel.${type}`)}
            value={value}
            onChange={(v) => {
              setValue(v);
              setErrors((e) => ({ ...e, value: undefined }));
            }}
            inputMode={rule.inputMode}
            placeholder={rule.placeholder}
            maxLength={rule.maxLength}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={
              errors.value ?? (state === 'invalid' && value.length > 3 ? t(`errors:${rule.errorCode}`) : null)
            }
            hint={hint}
            trailing={
              state === 'valid' ? (
                <svg className={styles.valid} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
                </svg>
              ) : undefined
            }
          />
          <TextField
            label={t('member.payee.holderName')}
            value={holderName}
            onChange={(v) => {
              setHolderName(v);
              setErrors((e) => ({ ...e, holderName: undefined }));
            }}
            autoComplete="name"
            maxLength={64}
            error={errors.holderName}
            hint={t('member.payee.holderNameHint')}
          />
          {settingPassword && (
            <p className={styles.notice} role="note">
              {t('member.payee.setsPassword')}
            </p>
          )}
          <PasswordField
            label={settingPassword ? t('member.password.new') : t('member.password.label')}
            value={password}
            onChange={(v) => {
              setPassword(v.replace(/\D/g, '').slice(0, 6));
              setErrors((e) => ({ ...e, paymentPassword: undefined }));
            }}
            inputMode="numeric"
            autoComplete={settingPassword ? 'new-password' : 'off'}
            maxLength={6}
            error={errors.paymentPassword}
            hint={settingPassword ? t('member.password.rule') : undefined}
          />
          {settingPassword && (
            <PasswordField
              label={t('member.password.confirm')}
              value={confirmPassword}
              onChange={(v) => {
                setConfirmPassword(v.replace(/\D/g, '').slice(0, 6));
                setErrors((e) => ({ ...e, confirmPassword: undefined }));
              }}
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={6}
              error={errors.confirmPassword}
            />
          )}
          <Button type="submit" block>
            {t('member.payee.review')}
          </Button>
        </form>
      ) : (
        <div className={styles.dialogForm}>
          <dl className={styles.review}>
            <div>
              <dt>{t('member.payee.channel')}</dt>
              <dd>{channelNames[channel]}</dd>
            </div>
            <div>
              <dt>{t('member.payee.keyType')}</dt>
              <dd>{t(`member.payee.types.${type}`)}</dd>
            </div>
            <div>
              <dt>{t(`member.payee.valueLabel.${type}`)}</dt>
              <dd className={styles.mono}>{value.trim()}</dd>
            </div>
            <div>
              <dt>{t('member.payee.holderName')}</dt>
              <dd>{holderName.trim()}</dd>
            </div>
          </dl>
          <p className={styles.warning} role="note">
            {t('member.payee.permanent')}
          </p>
          {settingPassword && <p className={styles.notice}>{t('member.payee.passwordWillBeSet')}</p>}
          {mutation.error && (
            <p className={styles.errorText} role="alert">
              {mutation.error.message}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setStep('form')} disabled={mutation.isPending}>
              {t('member.common.back')}
            </Button>
            <Button onClick={submit} busy={mutation.isPending} data-autofocus>
              {editing ? t('member.payee.saveConfirm') : t('member.payee.bindConfirm')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
