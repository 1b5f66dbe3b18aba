import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { type SignedIn, useSecondFactor } from '../api/session';

/** Six digits; the spaces some apps show in the middle ("123 456") are ignored. */
export const normaliseTotpCode = (input: string) => input.replace(/\s+/g, '');
export const isTotpCode = (code: string) => /^[0-9]{6}$/.test(code);

type SecondFactorFormProps = {
  challenge: string;
  /** Enrolling: only an authenticator code (there are no recovery codes yet). */
  isEnrolling: boolean;
  onSignedIn: (result: SignedIn) => void;
};

/** The second step: a code from the authenticator app, or one of the recovery codes. */
export function SecondFactorForm({ challenge, isEnrolling, onSignedIn }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const secondFactor = useSecondFactor();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    secondFactor.reset();
    if (mode === 'code') {
      const digits = normaliseTotpCode(code);
      if (!isTotpCode(digits)) {
        setInvalid(t('signIn.codeInvalid'));
        return;
      }
      setInvalid(null);
      secondFactor.mutate({ challenge, code: digits }, { onSuccess: onSignedIn });
    } else {
      const value = recoveryCode.trim();
      if (value.length === 0 || value.length > 32) {
        setInvalid(t('signIn.recoveryInvalid'));
        return;
      }
      setInvalid(null);
      secondFactor.mutate({ challenge, recoveryCode: value }, { onSuccess: onSignedIn });
    }
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setInvalid(null);
    secondFactor.reset();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {mode === 'code' ? (
          <TextInput
            key="code"
            label={t('signIn.codeLabel')}
            description={t('signIn.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            data-autofocus
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={invalid}
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          />
        ) : (
          <TextInput
            key="recovery"
            label={t('signIn.recoveryLabel')}
            description={t('signIn.recoveryHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={recoveryCode}
            onChange={(event) => setRecoveryCode(event.currentTarget.value)}
            error={invalid}
          />
        )}
        {secondFactor.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(secondFactor.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={secondFactor.isPending} fullWidth>
          {t('signIn.verify')}
        </Button>
        {isEnrolling ? null : (
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {mode === 'code' ? t('signIn.useRecovery') : t('signIn.useCode')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
