import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={1} size="h2">
        {t('errors.forbiddenTitle')}
      </Title>
      <Text>{t('errors.forbidden')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
