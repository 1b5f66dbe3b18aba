import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdjustmentList } from '../features/adjustments/components/adjustment-list';
import { useSignedInOperator } from '../lib/operator-context';

export function AdjustmentsPage() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('adjustments.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        {t('adjustments.intro')}
      </Text>
      <AdjustmentList operatorUsername={operator.username} />
    </Stack>
  );
}
