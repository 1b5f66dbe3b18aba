import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './confirm-dialog.module.css';
import { Modal } from './modal';

export type SummaryRow = { label: string; value: ReactNode; emphasis?: boolean };

type Props = {
  open: boolean;
  title: string;
  /** One sentence: what will happen when the person confirms. */
  lead?: ReactNode;
  rows: SummaryRow[];
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** The server's answer when the action failed; the dialog stays open to retry or cancel. */
  error?: string | null;
  /** Extra fields the confirmation needs (a payment password). */
  children?: ReactNode;
};

/**
 * Every money action shows what will happen and asks first (DESIGN: look and feel): a summary of
 * the amounts and accounts, then Confirm or Cancel. While the call runs the dialog cannot be closed,
 * so nobody wonders whether it went through.
 */
export function ConfirmDialog({
  open,
  title,
  lead,
  rows,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal title={title} open={open} onClose={busy ? () => {} : onClose} size="sm" role="alertdialog">
      <form
        className={styles.body}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        {lead && <p className={styles.lead}>{lead}</p>}
        <dl className={styles.summary}>
          {rows.map((row) => (
            <div key={row.label} className={[styles.row, row.emphasis ? styles.emphasis : ''].join(' ')}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        {children}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('member.common.cancel')}
          </Button>
          <Button type="submit" busy={busy} data-autofocus={children ? undefined : true}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
