import { useTranslation } from 'react-i18next';
import styles from './alert-dialog.module.css';
import { Button } from './button';
import { Modal } from './modal';

type Props = { open: boolean; title: string; message: string; onClose: () => void };

/** A warning with one OK button (spec section 8: "warning popup with the server message and OK"). */
export function AlertDialog({ open, title, message, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal title={title} open={open} onClose={onClose} size="sm" role="alertdialog">
      <p className={styles.message}>{message}</p>
      <Button block onClick={onClose}>
        {t('ok')}
      </Button>
    </Modal>
  );
}
