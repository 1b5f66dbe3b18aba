import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { type SignInChallenge, useSignIn } from '../api/session';

/** The first step: username and password. */
export function CredentialsForm({
  onChallenge,
}: {
  onChallenge: (challenge: SignInChallenge, username: string) => void;
}) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    signIn.mutate(
      { username: username.trim(), password },
      { onSuccess: (challenge) => onChallenge(challenge, username.trim()) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('signIn.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-autofocus
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={touched && !username.trim() ? t('signIn.required') : undefined}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={touched && !password ? t('signIn.required') : undefined}
        />
        {signIn.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(signIn.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
