import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { colorSchemeManager, consoleTheme } from './theme';

type ProvidersProps = { queryClient: QueryClient; children: ReactNode; env?: 'default' | 'test' };

export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={consoleTheme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="dark"
        env={env}
      >
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
