import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useApi } from '../../../lib/use-api';
import { useWhitelabel } from '../api/settings';
import type { LoginValue } from '../api/types';
import { useAuthDialogs } from '../auth-dialogs-context';
import { messageOf } from '../server-errors';
import styles from './auth-forms.module.css';
import { BrandHero } from './brand-hero';
import { LoginForm } from './login-form';
import { SocialButtons } from './social-buttons';

/** The player's login popup (spec section 2): form, links to register and free play, social sign-in. */
export function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const dialogs = useAuthDialogs();
  const navigate = useNavigate();
  const freePlayOffered = Boolean(useWhitelabel().data?.FREEPLAY);
  const [freePlayBusy, setFreePlayBusy] = useState(false);
  const [freePlayError, setFreePlayError] = useState<string | null>(null);

  const startFreePlay = async () => {
    if (freePlayBusy) return;
    setFreePlayBusy(true);
    setFreePlayError(null);
    try {
      const value = await api<LoginValue>('/wps/session/login/freeplay', {
        method: 'POST',
        body: { platform: 'W' },
      });
      dialogs.completeLogin(value, { type: 'username', from: 'member' });
      // Spec section 4: free play goes to / signed in.
      navigate('/');
    } catch (error) {
      setFreePlayError(messageOf(error));
    } finally {
      setFreePlayBusy(false);
    }
  };

  return (
    <Modal title={t('auth.login.title')} open onClose={onClose} hero={<BrandHero />}>
      <LoginForm from="member" showRememberMe />
      {freePlayOffered && (
        <div className={styles.secondary}>
          <Button variant="outline" block busy={freePlayBusy} onClick={startFreePlay}>
            {t('auth.login.freePlay')}
          </Button>
          {freePlayError && (
            <p className={styles.formError} role="alert">
              {freePlayError}
            </p>
          )}
        </div>
      )}
      <SocialButtons />
      <p className={styles.switchText}>
        {t('auth.login.noAccount')}{' '}
        <button type="button" className={styles.linkButton} onClick={dialogs.openRegister}>
          {t('auth.login.toRegister')}
        </button>
      </p>
    </Modal>
  );
}
