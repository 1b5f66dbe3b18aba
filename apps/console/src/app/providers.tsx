import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { colorSchemeManager, consoleTheme } from './theme';

type ProvidersProps = { queryClient: QueryClient; children: ReactNode; env?: 'default' | 'test' };

export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders queryClient={queryClient} env={env}>
        {children}
      </ThemedProviders>
    </I18nextProvider>
  );
}

function ThemedProviders({ queryClient, children, env }: ProvidersProps) {
  const { t, i18n: current } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language
  const theme = useMemo(
    () => consoleTheme({ close: t('common.close'), togglePassword: t('signIn.togglePassword') }),
    [current.language],
  );
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="dark"
      env={env}
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
