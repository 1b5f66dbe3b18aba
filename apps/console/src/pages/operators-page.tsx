import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OperatorList } from '../features/operators/components/operator-list';

export function OperatorsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('operators.title')}
      </Title>
      <OperatorList />
    </Stack>
  );
}
