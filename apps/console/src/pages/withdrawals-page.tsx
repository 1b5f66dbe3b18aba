import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WithdrawalQueue } from '../features/withdrawals/components/withdrawal-queue';
import { hasPermission, useSignedInOperator } from '../lib/operator-context';

export function WithdrawalsPage() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('withdrawals.title')}
      </Title>
      <WithdrawalQueue canDecide={hasPermission(operator, 'withdrawals.decide')} />
    </Stack>
  );
}
