import { Alert, Button, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '../../../components/copy-text-button';
import { downloadText } from '../../../lib/download';

type RecoveryCodesProps = { username: string; codes: string[]; onContinue: () => void };

/** The ten recovery codes, shown once right after enrolment; continuing needs "I have saved them". */
export function RecoveryCodes({ username, codes, onContinue }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const [isSaved, setSaved] = useState(false);
  const asText = codes.join('\n');

  const download = () =>
    downloadText(
      `sorte-console-recovery-codes-${username}.txt`,
      `${t('signIn.codesFileHeader', { username })}\n\n${asText}\n`,
      'text/plain;charset=utf-8',
    );

  return (
    <Stack gap="md">
      <Alert color="yellow">{t('signIn.recoveryIntro')}</Alert>
      <Paper withBorder p="sm" radius="sm">
        <List
          data-testid="recovery-codes"
          listStyleType="none"
          spacing={4}
          styles={{ root: { columns: 2, fontFamily: 'var(--mantine-font-family-monospace)' } }}
        >
          {codes.map((code) => (
            <List.Item key={code}>
              <Text ff="monospace" size="sm">
                {code}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={download}>
          {t('signIn.downloadCodes')}
        </Button>
        <CopyTextButton value={asText} label={t('signIn.copyCodes')} />
      </Group>
      <Checkbox
        label={t('signIn.savedCodes')}
        checked={isSaved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button disabled={!isSaved} onClick={onContinue} fullWidth>
        {t('signIn.continue')}
      </Button>
    </Stack>
  );
}
