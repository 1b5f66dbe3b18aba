import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '../features/audit/components/audit-log';

export function AuditPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('audit.title')}
      </Title>
      <AuditLog />
    </Stack>
  );
}
