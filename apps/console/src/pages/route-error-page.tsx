import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A screen that failed to open (its code could not be loaded, or it threw): the menu stays, and the
 * operator is told what to do instead of a blank page.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py="xl" align="flex-start" role="alert">
      <Title order={1} size="h2">
        {t('errors.screenFailedTitle')}
      </Title>
      <Text>{t('errors.screenFailed')}</Text>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </Stack>
  );
}
