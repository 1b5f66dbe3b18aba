import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconBadge } from '../../../components/ui/icon-badge';
import { Modal } from '../../../components/ui/modal';
import { useSession } from '../hooks/use-session';
import styles from './session.module.css';

/** Returns true when the member may use real money; otherwise shows the prompt and returns false. */
type RequireRealAccount = () => boolean;

const TrialPromptContext = createContext<RequireRealAccount>(() => true);

/**
 * Free-play (trial) members cannot deposit, withdraw, play for real money or open account pages
 * (spec section 4): any such action shows "Register an account first" with a way to register.
 */
export function TrialPromptProvider({
  onRegister,
  children,
}: {
  onRegister: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { isLoggedIn, member } = useSession();
  const [open, setOpen] = useState(false);
  const requireRealAccount = useCallback(() => {
    if (!isLoggedIn) return true;
    // Not known yet (member info still loading): do nothing rather than guess.
    if (!member) return false;
    if (!member.isTrial) return true;
    setOpen(true);
    return false;
  }, [isLoggedIn, member]);

  return (
    <TrialPromptContext.Provider value={requireRealAccount}>
      {children}
      <Modal
        title={t('trial.title')}
        open={open}
        onClose={() => setOpen(false)}
        size="sm"
        role="alertdialog"
        hero={<IconBadge icon="star" />}
      >
        <p className={styles.dialogText}>{t('errors:TRIAL_NOT_ALLOWED')}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('close')}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setOpen(false);
              onRegister();
            }}
          >
            {t('trial.register')}
          </Button>
        </div>
      </Modal>
    </TrialPromptContext.Provider>
  );
}

export function useRequireRealAccount(): RequireRealAccount {
  return useContext(TrialPromptContext);
}
