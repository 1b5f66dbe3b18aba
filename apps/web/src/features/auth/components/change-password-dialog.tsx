import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconBadge } from '../../../components/ui/icon-badge';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/text-field';
import { useEncryptedApi } from '../../../lib/use-api';
import { useRegisterSettings } from '../api/settings';
import { fieldErrorOf, messageOf } from '../server-errors';
import { newPasswordErrors, requiredError } from '../validation';
import styles from './auth-forms.module.css';

type Props = {
  /** Forced after a login with an expired or default password: it cannot be dismissed. */
  forced: boolean;
  onClose: () => void;
  onChanged: () => void;
  /** The way out of a forced change for someone who cannot do it now. */
  onSignOut?: () => void;
};

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', string | null>>;

/** Change password (spec section 5): the current one, a valid new one, and the same confirmation. */
export function ChangePasswordDialog({ forced, onClose, onChanged, onSignOut }: Props) {
  const { t } = useTranslation();
  const encryptedApi = useEncryptedApi();
  const passwordRule = useRegisterSettings().data?.fields.password;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const validate = (): Errors => {
    const found: Errors = {
      oldPassword: requiredError(oldPassword, t),
      ...newPasswordErrors(newPassword, confirmNewPassword, passwordRule, t),
    };
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Errors;
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
      await encryptedApi('/wps/member/password', {
        method: 'POST',
        body: { oldPassword, newPassword, confirmNewPassword },
      });
      onChanged();
    } catch (error) {
      const field = fieldErrorOf(error);
      if (field && ['oldPassword', 'newPassword', 'confirmNewPassword'].includes(field.field)) {
        setErrors({ [field.field]: field.message });
      } else {
        setFormError(messageOf(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title={t('auth.changePassword.title')}
      open
      onClose={onClose}
      dismissible={!forced}
      hero={<IconBadge icon="lock" />}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {forced && (
          <p className={styles.notice} role="status">
            {t('auth.changePassword.forcedNote')}
          </p>
        )}
        <div className={styles.fields}>
          <PasswordField
            label={t('auth.fields.oldPassword')}
            value={oldPassword}
            onChange={setOldPassword}
            error={errors.oldPassword}
            autoComplete="current-password"
            maxLength={128}
          />
          <PasswordField
            label={t('auth.fields.newPassword')}
            value={newPassword}
            onChange={setNewPassword}
            error={errors.newPassword}
            hint={
              passwordRule
                ? t(`auth:patterns.${passwordRule.patternId}`, {
                    range: `${passwordRule.minLength}-${passwordRule.maxLength}`,
                  })
                : undefined
            }
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
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block busy={submitting}>
          {t('auth.changePassword.submit')}
        </Button>
        {forced && onSignOut && (
          <p className={styles.switchText}>
            <button type="button" className={styles.linkButton} onClick={onSignOut}>
              {t('auth.changePassword.signOutInstead')}
            </button>
          </p>
        )}
      </form>
    </Modal>
  );
}
