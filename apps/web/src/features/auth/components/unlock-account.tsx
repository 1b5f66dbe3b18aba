import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/use-api';
import { fieldErrorOf, messageOf } from '../server-errors';
import styles from './auth-forms.module.css';

type Props = { username: string; onUnlocked: () => void };

/**
 * Offered when an account is locked for everyone after many failed logins: the owner gets a code
 * on their own mobile or e-mail and lifts the lock with it, so nobody can keep them out.
 */
export function UnlockAccount({ username, onUnlocked }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(fieldErrorOf(failure)?.message ?? messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className={styles.note} role="status">
        {t('auth.unlock.done')}
      </p>
    );
  }
  if (!open) {
    return (
      <Button type="button" variant="outline" block onClick={() => setOpen(true)}>
        {t('auth.unlock.offer')}
      </Button>
    );
  }
  return (
    <div className={styles.fields}>
      <p className={styles.note}>{sent ? t('auth.unlock.sent') : t('auth.unlock.intro')}</p>
      {sent && (
        <TextField
          label={t('auth.unlock.code')}
          value={code}
          onChange={setCode}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
        />
      )}
      {!sent && error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      {sent ? (
        <Button
          type="button"
          block
          busy={busy}
          onClick={() =>
            run(async () => {
              await api('/wps/member/unlock', { method: 'POST', body: { username, code: code.trim() } });
              setDone(true);
              onUnlocked();
            })
          }
        >
          {t('auth.unlock.submit')}
        </Button>
      ) : (
        <Button
          type="button"
          variant="outline"
          block
          busy={busy}
          onClick={() =>
            run(async () => {
              await api('/wps/member/unlock/send', { method: 'POST', body: { username } });
              setSent(true);
            })
          }
        >
          {t('auth.unlock.send')}
        </Button>
      )}
    </div>
  );
}
