import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconBadge } from '../../../components/ui/icon-badge';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';
import type { LoginValue, SecondVerificationChallenge } from '../api/types';
import { messageOf } from '../server-errors';
import { requiredError, smsCodeError } from '../validation';
import styles from './auth-forms.module.css';
import { SmsCodeButton } from './sms-code-button';

type Method = SecondVerificationChallenge['methods'][number]['method'];

type Props = {
  challenge: SecondVerificationChallenge;
  onClose: () => void;
  onVerified: (value: LoginValue) => void;
  /** The challenge expired: start again from the login. */
  onRestart: () => void;
};

/**
 * Login from an address the member has not used (spec section 4): prove it with a code sent by SMS
 * or e-mail, or with the bank account (payee) name, then the login completes.
 */
export function SecondVerificationDialog({ challenge, onClose, onVerified, onRestart }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const groupName = useId();
  const [method, setMethod] = useState<Method>(challenge.methods[0]?.method ?? 'sms');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = method === 'payeeName' ? requiredError(code, t) : smsCodeError(code, t);
    setError(problem);
    setFormError(null);
    if (problem) return;
    setSubmitting(true);
    try {
      const value = await api<LoginValue>('/wps/session/login/verification', {
        method: 'POST',
        body: { challengeId: challenge.challengeId, method, code: code.trim() },
      });
      onVerified(value);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'CHALLENGE_EXPIRED') setExpired(true);
      setFormError(messageOf(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const labelOf = (m: Method, target: string) =>
    m === 'payeeName'
      ? t('auth.secondVerification.byPayeeName')
      : t(m === 'sms' ? 'auth.secondVerification.bySms' : 'auth.secondVerification.byEmail', { target });

  return (
    <Modal
      title={t('auth.secondVerification.title')}
      open
      onClose={onClose}
      hero={<IconBadge icon="shield" />}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.note}>{t('auth.secondVerification.intro')}</p>
        {challenge.methods.length > 1 && (
          <fieldset className={styles.choices}>
            <legend className={styles.legend}>{t('auth.secondVerification.choose')}</legend>
            {challenge.methods.map(({ method: m, target }) => (
              <label key={m} className={styles.choice}>
                <input
                  type="radio"
                  name={groupName}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m);
                    setCode('');
                    setError(null);
                  }}
                />
                <span>{labelOf(m, target)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {challenge.methods.length === 1 && (
          <p className={styles.note}>{labelOf(method, challenge.methods[0]?.target ?? '')}</p>
        )}
        {method === 'payeeName' ? (
          <TextField
            key="payee"
            label={t('auth.fields.payeeName')}
            value={code}
            onChange={setCode}
            error={error}
            autoComplete="name"
            maxLength={128}
          />
        ) : (
          <TextField
            key={method}
            label={t('auth.fields.verificationCode')}
            value={code}
            onChange={setCode}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            trailing={
              <SmsCodeButton
                validate={() => true}
                send={() =>
                  api<{ expiredMinutes: number }>('/wps/session/login/verification/send', {
                    method: 'POST',
                    body: { challengeId: challenge.challengeId, method },
                  })
                }
              />
            }
          />
        )}
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        {expired ? (
          <Button block onClick={onRestart}>
            {t('auth.secondVerification.restart')}
          </Button>
        ) : (
          <Button type="submit" block busy={submitting}>
            {t('auth.secondVerification.submit')}
          </Button>
        )}
      </form>
    </Modal>
  );
}
