import { type ContractKind, contractKinds } from '@sorte/shared/contracts/agent-contracts';
import type { AgentRegisterResult } from '@sorte/shared/contracts/agent-register';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { CopyField } from '../../../components/ui/copy-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { currencyDecimals, useRegisterDownline } from '../api';
import { emptyTermsForm, type TermsError, type TermsForm, termsFromForm } from '../terms';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';
import { TermsFields } from './terms-fields';

/** The field an error names (a 400 VALIDATION_FAILED), if any. */
const fieldOf = (error: unknown) =>
  error instanceof ApiError ? ((error.value as { field?: string } | null)?.field ?? null) : null;

/**
 * Register centre (spec section 2): a new direct downline member or agent. It gets the merchant's
 * default password, which it changes at its first login; an agent can be offered a contract at once.
 */
export function RegisterCentre() {
  const { t } = useTranslation('agent');
  const register = useRegisterDownline();
  const [username, setUsername] = useState('');
  const [nickname, setNickname] = useState('');
  const [type, setType] = useState<'0' | '1'>('1');
  const [withContract, setWithContract] = useState(false);
  const [kind, setKind] = useState<ContractKind>('dailySalary');
  const [terms, setTerms] = useState<TermsForm>(emptyTermsForm);
  const [termsError, setTermsError] = useState<TermsError | null>(null);
  const [created, setCreated] = useState<AgentRegisterResult | null>(null);
  const isAgent = type === '1';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTermsError(null);
    let contract: ReturnType<typeof termsFromForm> | null = null;
    if (isAgent && withContract) {
      contract = termsFromForm(kind, terms, currencyDecimals());
      if ('error' in contract) {
        setTermsError(contract.error);
        return;
      }
    }
    register.mutate(
      {
        username: username.trim(),
        type: Number(type) as 0 | 1,
        ...(nickname.trim() ? { nickname: nickname.trim() } : {}),
        ...(contract && 'terms' in contract ? { contract: contract.terms } : {}),
      },
      {
        onSuccess: (result) => {
          setCreated(result);
          setUsername('');
          setNickname('');
        },
      },
    );
  };

  // A taken username is about the username field too.
  const failedField =
    register.error instanceof ApiError && register.error.code === 'USERNAME_TAKEN'
      ? 'username'
      : fieldOf(register.error);
  const message = register.error instanceof Error ? register.error.message : null;
  return (
    <>
      <PanelHead title={t('menu.register')} lead={t('register.lead')} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('register.username')}
          value={username}
          onChange={setUsername}
          autoComplete="off"
          required
          error={failedField === 'username' ? message : null}
        />
        <TextField
          label={t('register.nickname')}
          value={nickname}
          onChange={setNickname}
          autoComplete="off"
        />
        <SelectField
          label={t('register.type')}
          value={type}
          options={[
            { value: '1', label: t('register.types.agent') },
            { value: '0', label: t('register.types.member') },
          ]}
          onChange={(v) => setType(v as '0' | '1')}
        />
        {isAgent && (
          <Checkbox checked={withContract} onChange={setWithContract}>
            {t('register.withContract')}
          </Checkbox>
        )}
        {isAgent && withContract && (
          <>
            <SelectField
              label={t('register.contractKind')}
              value={kind}
              options={contractKinds.map((k) => ({ value: k, label: t(`menu.${k}`) }))}
              onChange={(v) => setKind(v as ContractKind)}
            />
            <TermsFields kind={kind} form={terms} onChange={setTerms} error={termsError} />
          </>
        )}
        {register.isError && failedField !== 'username' && (
          <p className={styles.error} role="alert">
            {message}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={register.isPending || !username.trim()}>
            {t('register.submit')}
          </Button>
        </div>
      </form>
      {created && (
        <section className={styles.result} role="status" data-registered={created.username}>
          <h2>{t('register.done', { username: created.username })}</h2>
          <p className={styles.muted}>{t('register.passwordNote')}</p>
          <CopyField label={t('register.initialPassword')} value={created.initialPassword} />
          {created.inviteCode && <CopyField label={t('register.inviteCode')} value={created.inviteCode} />}
          {created.contractId && <p>{t('register.contractOffered')}</p>}
        </section>
      )}
    </>
  );
}
