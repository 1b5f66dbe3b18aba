import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ConsoleOperator } from '@sorte/shared/contracts/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedIn, SignInChallenge } from '../api/session';
import { CredentialsForm } from './credentials-form';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorForm } from './second-factor-form';
import { TotpEnrolment } from './totp-enrolment';

type Step =
  | { name: 'credentials' }
  | { name: 'second-factor'; username: string; challenge: SignInChallenge }
  | { name: 'recovery-codes'; username: string; operator: ConsoleOperator; codes: string[] };

/**
 * Password, then the second factor (with enrolment of the authenticator the first time), then, right
 * after enrolment, the recovery codes. `onSignedIn` once the operator may enter the console.
 */
export function SignInFlow({ onSignedIn }: { onSignedIn: (operator: ConsoleOperator) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'credentials' });

  if (step.name === 'credentials') {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('signIn.title')}
        </Title>
        <CredentialsForm
          onChallenge={(challenge, username) => setStep({ name: 'second-factor', username, challenge })}
        />
      </Stack>
    );
  }

  if (step.name === 'second-factor') {
    const { enrol } = step.challenge;
    const finish = (result: SignedIn) => {
      if (result.recoveryCodes && result.recoveryCodes.length > 0) {
        setStep({
          name: 'recovery-codes',
          username: step.username,
          operator: result.operator,
          codes: result.recoveryCodes,
        });
      } else onSignedIn(result.operator);
    };
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {enrol ? t('signIn.enrolTitle') : t('signIn.secondFactorTitle')}
        </Title>
        {enrol ? <TotpEnrolment secret={enrol.secret} otpauthUri={enrol.otpauthUri} /> : null}
        <SecondFactorForm
          challenge={step.challenge.challenge}
          isEnrolling={enrol !== null}
          onSignedIn={finish}
        />
        <Text size="sm" ta="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="dimmed"
            onClick={() => setStep({ name: 'credentials' })}
          >
            {t('signIn.startOver')}
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('signIn.recoveryTitle')}
      </Title>
      <RecoveryCodes
        username={step.username}
        codes={step.codes}
        onContinue={() => onSignedIn(step.operator)}
      />
    </Stack>
  );
}
