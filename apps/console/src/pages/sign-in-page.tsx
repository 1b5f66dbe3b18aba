import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ConsoleOperator } from '@sorte/shared/contracts/console';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { LanguageSwitch } from '../components/language-switch';
import { markSignedIn, useOperatorQuery } from '../features/auth/api/session';
import { SignInFlow } from '../features/auth/components/sign-in-flow';

/** Where to go after signing in: a console path the operator was on, never another site. */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next === '/sign-in' || next.startsWith('/sign-in?') ? '/' : next;
}

export function SignInPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const operator = useOperatorQuery();
  const next = safeNextPath(search.get('next'));

  if (operator.data) return <Navigate to={next} replace />;

  const onSignedIn = (signedIn: ConsoleOperator) => markSignedIn(queryClient, signedIn);

  return (
    <Center mih="100dvh" p="md">
      <Stack w="100%" maw={440} gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">
            {t('brand')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ColorSchemeToggle />
          </Group>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          {operator.isPending ? (
            <Center py="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          ) : (
            <SignInFlow onSignedIn={onSignedIn} />
          )}
        </Paper>
      </Stack>
    </Center>
  );
}
