import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DepositList } from '../features/deposits/components/deposit-list';
import { hasPermission, useSignedInOperator } from '../lib/operator-context';

export function DepositsPage() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('deposits.title')}
      </Title>
      <DepositList
        merchantScope={operator.merchantCode}
        canDecide={hasPermission(operator, 'deposits.decide')}
        operatorName={operator.username}
      />
    </Stack>
  );
}
