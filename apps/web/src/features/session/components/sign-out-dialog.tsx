import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconBadge } from '../../../components/ui/icon-badge';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useSignOut } from '../hooks/use-sign-out';
import styles from './session.module.css';

type Props = { open: boolean; onClose: () => void; redirectTo?: string };

/** "Do you want to sign out?" — then a loader while the server ends the session (spec section 4). */
export function SignOutDialog({ open, onClose, redirectTo = '/' }: Props) {
  const { t } = useTranslation();
  const { signOut, signingOut } = useSignOut(redirectTo);
  return (
    <Modal
      title={t('signOut.title')}
      open={open}
      onClose={signingOut ? () => {} : onClose}
      size="sm"
      role="alertdialog"
      hero={<IconBadge icon="exit" />}
    >
      {signingOut ? (
        <div className={styles.progress}>
          <Spinner label={t('signOut.progress')} />
          <p aria-hidden="true">{t('signOut.progress')}</p>
        </div>
      ) : (
        <>
          <p className={styles.dialogText}>{t('signOut.body')}</p>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={onClose} data-autofocus>
              {t('signOut.cancel')}
            </Button>
            <Button
              onClick={async () => {
                await signOut();
                onClose();
              }}
            >
              {t('signOut.confirm')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
