import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { markSignedOut } from '../features/auth/api/session';
import { ApiError, isSignedOutError } from '../lib/api';

/**
 * A 401 from any read or write means the session ended (expired, revoked, signed out elsewhere):
 * the console goes to the sign-in screen, which brings the operator back afterwards. The sign-in
 * calls opt out: their 401 is a wrong password or code.
 */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSignedOutError(error) && query.meta?.signedOutOnUnauthorized !== false)
          markSignedOut(queryClient);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSignedOutError(error) && mutation.meta?.signedOutOnUnauthorized !== false)
          markSignedOut(queryClient);
      },
    }),
    defaultOptions: {
      queries: {
        // A refusal (4xx) will not change on a retry; a network error or a 5xx may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
