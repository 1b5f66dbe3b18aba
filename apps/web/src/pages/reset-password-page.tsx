import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { PasswordField } from '../components/ui/text-field';
import { useRegisterSettings } from '../features/auth/api/settings';
import { useAuthDialogs } from '../features/auth/auth-dialogs-context';
import formStyles from '../features/auth/components/auth-forms.module.css';
import { fieldErrorOf, messageOf } from '../features/auth/server-errors';
import { newPasswordErrors } from '../features/auth/validation';
import { useEncryptedApi } from '../lib/use-api';
import styles from './pages.module.css';

type Errors = Partial<Record<'newPassword' | 'confirmNewPassword', string | null>>;

/**
 * /reset-password?key=…: the page the e-mailed reset link opens. The password changes only here,
 * once, within 30 minutes of the request; every session of the member ends with it.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const encryptedApi = useEncryptedApi();
  const dialogs = useAuthDialogs();
  // `key`, not `token`: a ?token= in the address means a session to the rest of the app (social sign-in).
  const token = useSearchParams()[0].get('key') ?? '';
  const passwordRule = useRegisterSettings().data?.fields.password;
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const validate = (): Errors => newPasswordErrors(newPassword, confirmNewPassword, passwordRule, t);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await encryptedApi('/wps/member/password/reset', {
        method: 'POST',
        body: { token, newPassword, confirmNewPassword },
      });
      setDone(true);
    } catch (error) {
      const field = fieldErrorOf(error);
      if (field && ['newPassword', 'confirmNewPassword'].includes(field.field)) {
        setErrors({ [field.field]: field.message });
      } else {
        setFormError(messageOf(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className={styles.empty} aria-labelledby="reset-password-title">
      <h1 id="reset-password-title">{t('auth.reset.title')}</h1>
      {done ? (
        <>
          <p role="status">{t('auth.reset.done')}</p>
          <Button onClick={dialogs.openLogin}>{t('auth.reset.toLogin')}</Button>
        </>
      ) : !token ? (
        <p role="alert">{t('auth.reset.missing')}</p>
      ) : (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          <div className={formStyles.fields}>
            <PasswordField
              label={t('auth.fields.newPassword')}
              value={newPassword}
              onChange={setNewPassword}
              error={errors.newPassword}
              autoComplete="new-password"
              maxLength={128}
            />
            <PasswordField
              label={t('auth.fields.confirmNewPassword')}
              value={confirmNewPassword}
              onChange={setConfirm}
              error={errors.confirmNewPassword}
              autoComplete="new-password"
              maxLength={128}
            />
          </div>
          {formError && (
            <p className={formStyles.formError} role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" block busy={submitting}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
