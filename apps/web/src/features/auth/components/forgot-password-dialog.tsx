import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconBadge } from '../../../components/ui/icon-badge';
import { Modal } from '../../../components/ui/modal';
import { Tabs } from '../../../components/ui/tabs';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { useApi, useEncryptedApi } from '../../../lib/use-api';
import { useRegisterSettings, useWhitelabel } from '../api/settings';
import type { LoginValue } from '../api/types';
import { useAuthDialogs } from '../auth-dialogs-context';
import { useSmsCode } from '../hooks/use-sms-code';
import { fieldErrorOf, messageOf } from '../server-errors';
import { mobileError, mobileRuleOf, requiredError, ruleError, smsCodeError } from '../validation';
import styles from './auth-forms.module.css';
import { MobileField, SmsCodeField } from './mobile-code-fields';

type Method = 'email' | 'mobile';
type Errors = Record<string, string | null>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Forgot password (spec sections 2, 4, 5): by e-mail (username + e-mail; a single-use reset link is
 * sent, and the answer is the same whether or not they match an account, DECISIONS.md) or, when the
 * merchant allows it, by mobile (number, SMS code, new password; then signed in).
 */
export function ForgotPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const encryptedApi = useEncryptedApi();
  const dialogs = useAuthDialogs();
  const whitelabel = useWhitelabel().data;
  const settings = useRegisterSettings().data;
  const mobileRule = mobileRuleOf(settings?.fields);
  const passwordRule = settings?.fields.password;

  const [method, setMethod] = useState<Method>('email');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const sms = useSmsCode('reset');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const methods: Method[] = ['email', ...(whitelabel?.MOBILE_PASSWORD_RECOVERY ? (['mobile'] as const) : [])];

  const validate = (): Errors => {
    const found: Errors =
      method === 'email'
        ? {
            username: requiredError(username, t),
            email:
              requiredError(email, t) ?? (emailPattern.test(email.trim()) ? null : t('auth:patterns.EMAIL')),
          }
        : {
            mobile: mobileError(sms.mobile, mobileRule, t),
            code: smsCodeError(sms.code, t),
            newPassword: passwordRule
              ? ruleError(newPassword, passwordRule, t, { trim: false })
              : requiredError(newPassword, t),
          };
    for (const key of Object.keys(found)) if (!found[key]) delete found[key];
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      if (method === 'email') {
        // Spec section 7: this call is form-encoded.
        await api('/wps/member/password/email', {
          method: 'POST',
          form: { username: username.trim(), email: email.trim() },
        });
        setSent(true);
        return;
      }
      await encryptedApi('/wps/member/password/verification', {
        method: 'POST',
        body: { newPassword, mobileNum: sms.mobile.trim(), verificationCode: sms.code.trim() },
      });
      // Spec section 4: after an SMS reset, sign in with the new password and go home. The mobile
      // number is the username of members who registered by mobile.
      try {
        const value = await encryptedApi<LoginValue>('/wps/session/login', {
          method: 'POST',
          body: { username: sms.mobile.trim(), password: newPassword, type: 'username', loginFrom: 'member' },
        });
        dialogs.completeLogin(value, { type: 'username', from: 'member' });
      } catch {
        // A member whose username is not the number signs in themselves, with the new password.
        dialogs.openLogin();
      }
    } catch (error) {
      const field = fieldErrorOf(error);
      const mapped = field && ({ mobileNum: 'mobile', verificationCode: 'code' }[field.field] ?? field.field);
      if (field && mapped && ['username', 'email', 'mobile', 'code', 'newPassword'].includes(mapped)) {
        setErrors({ [mapped]: field.message });
      } else {
        setFormError(messageOf(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <Modal title={t('auth.forgot.title')} open onClose={onClose} hero={<IconBadge icon="key" />}>
        <div className={styles.success} role="status">
          <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="var(--color-success)" opacity="0.15" />
            <path
              d="M14 25l7 7 13-15"
              fill="none"
              stroke="var(--color-success)"
              strokeWidth="4"
              strokeLinecap="round"
            />
          </svg>
          <p>{t('auth.forgot.emailSent')}</p>
        </div>
        <Button block onClick={onClose}>
          {t('ok')}
        </Button>
      </Modal>
    );
  }

  return (
    <Modal title={t('auth.forgot.title')} open onClose={onClose} hero={<IconBadge icon="key" />}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Tabs
          label={t('auth.forgot.method')}
          tabs={methods.map((id) => ({
            id,
            label: id === 'email' ? t('auth.forgot.byEmail') : t('auth.forgot.byMobile'),
          }))}
          value={method}
          onChange={(next) => {
            setMethod(next);
            setErrors({});
            setFormError(null);
          }}
        >
          <div className={styles.fields}>
            {method === 'email' ? (
              <>
                <p className={styles.note}>{t('auth.forgot.emailIntro')}</p>
                <TextField
                  label={t('auth.fields.username')}
                  value={username}
                  onChange={setUsername}
                  error={errors.username}
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={64}
                />
                <TextField
                  label={t('auth.fields.email')}
                  value={email}
                  onChange={setEmail}
                  error={errors.email}
                  type="email"
                  autoComplete="email"
                  maxLength={128}
                />
              </>
            ) : (
              <>
                <MobileField
                  value={sms.mobile}
                  onChange={sms.setMobile}
                  error={errors.mobile}
                  rule={mobileRule}
                />
                <SmsCodeField
                  sms={sms}
                  error={errors.code}
                  rule={mobileRule}
                  onMobileChecked={(problem) => setErrors((e) => ({ ...e, mobile: problem }))}
                />
                <PasswordField
                  label={t('auth.fields.newPassword')}
                  value={newPassword}
                  onChange={setNewPassword}
                  error={errors.newPassword}
                  autoComplete="new-password"
                  maxLength={128}
                />
              </>
            )}
          </div>
        </Tabs>
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block busy={submitting}>
          {method === 'email' ? t('auth.forgot.sendEmail') : t('auth.forgot.reset')}
        </Button>
        <p className={styles.switchText}>
          <button type="button" className={styles.linkButton} onClick={dialogs.openLogin}>
            {t('auth.forgot.backToLogin')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
