import { Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ListError } from '../components/list-states';
import { PageLoader } from '../components/page-loader';
import { useOperatorQuery } from '../features/auth/api/session';
import { errorMessage } from '../lib/api';
import { OperatorContext } from '../lib/operator-context';

/** Renders the console for a signed-in operator; anyone else goes to sign-in, and comes back here after. */
export function RequireOperator() {
  const { t } = useTranslation();
  const location = useLocation();
  const operator = useOperatorQuery();
  if (operator.isPending) return <PageLoader />;
  if (operator.isError && operator.data === undefined) {
    return (
      <Center h="100dvh" p="md">
        <ListError
          title={t('errors.startFailed')}
          message={errorMessage(operator.error)}
          onRetry={() => void operator.refetch()}
        />
      </Center>
    );
  }
  if (!operator.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <OperatorContext.Provider value={operator.data}>
      <Outlet />
    </OperatorContext.Provider>
  );
}
