import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner in the middle of the screen, while the session or a screen's code loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
