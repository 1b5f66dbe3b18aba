import { Center, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '../../../components/copy-text-button';

/** The QR code of the otpauth:// address and the same key as text, for an authenticator app. */
export function TotpEnrolment({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    // The QR library is only needed here: loaded when enrolment shows.
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(otpauthUri, { margin: 2, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (isCurrent) setQr(url);
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [otpauthUri]);

  return (
    <Stack gap="sm">
      <Text size="sm">{t('signIn.enrolIntro')}</Text>
      <Center>
        {qr ? (
          // A white quiet zone keeps the code readable in the dark theme.
          <img
            src={qr}
            width={200}
            height={200}
            alt={t('signIn.qrAlt')}
            style={{ background: '#fff', borderRadius: 8 }}
          />
        ) : (
          <Skeleton width={200} height={200} />
        )}
      </Center>
      <Text size="sm" fw={600}>
        {t('signIn.secretLabel')}
      </Text>
      <Code
        data-testid="totp-secret"
        block
        style={{ wordBreak: 'break-all', whiteSpace: 'normal', fontSize: 14 }}
      >
        {secret}
      </Code>
      <Group>
        <CopyTextButton value={secret} label={t('signIn.copySecret')} />
      </Group>
    </Stack>
  );
}
