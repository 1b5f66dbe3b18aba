import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useCountdown } from '../hooks/use-countdown';
import { messageOf } from '../server-errors';
import { smsCountdownSeconds } from '../validation';
import styles from './auth-forms.module.css';

type Props = {
  /** Checks the number first; returns false (and shows why on the field) when it is not valid. */
  validate: () => boolean;
  send: () => Promise<{ expiredMinutes?: number } | null | undefined>;
  /** Called once a code is on its way, e.g. to move focus to the code field. */
  onSent?: () => void;
};

/**
 * "Send code": disabled while sending and then for expiredMinutes × 60 s, less the request's own
 * time (spec section 4). A failure shows the server's message in a warning with OK (spec section 8).
 */
export function SmsCodeButton({ validate, send, onSent }: Props) {
  const { t } = useTranslation();
  const { secondsLeft, isRunning, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef(false);

  const onClick = async () => {
    if (inFlight.current || isRunning || !validate()) return;
    inFlight.current = true;
    setSending(true);
    const startedAt = Date.now();
    try {
      const value = await send();
      start(smsCountdownSeconds(value?.expiredMinutes, Date.now() - startedAt));
      onSent?.();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={styles.sendCode}
        onClick={onClick}
        disabled={isRunning}
        aria-busy={sending || undefined}
      >
        {isRunning ? t('auth.sms.resendIn', { seconds: secondsLeft }) : t('auth.sms.send')}
      </button>
      <AlertDialog
        open={failure !== null}
        title={t('auth.sms.failedTitle')}
        message={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </>
  );
}
