import type { ConsoleOperator } from '@sorte/shared/contracts/console';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api';

export const operatorQueryKey = ['console', 'me'] as const;

/** The signed-in operator, or null when there is no session (the server answered 401). */
async function fetchOperator(): Promise<ConsoleOperator | null> {
  try {
    return await callApi<ConsoleOperator>('/ops/console/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useOperatorQuery() {
  return useQuery({ queryKey: operatorQueryKey, queryFn: fetchOperator, staleTime: 60_000 });
}

/**
 * The session ended (a 401 from any call, or sign-out): the console shows the sign-in screen. Cached
 * answers of the operator who was signed in are dropped, so a next operator never sees them.
 */
export function markSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(operatorQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== operatorQueryKey[0] });
}

export function markSignedIn(queryClient: QueryClient, operator: ConsoleOperator) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== operatorQueryKey[0] });
  queryClient.setQueryData(operatorQueryKey, operator);
}

export type SignInChallenge = { challenge: string; enrol: { secret: string; otpauthUri: string } | null };
export type SignedIn = { operator: ConsoleOperator; recoveryCodes: string[] | null };

export function useSignIn() {
  return useMutation({
    // A 401 here is a wrong password, not an ended session.
    meta: { signedOutOnUnauthorized: false },
    mutationFn: (body: { username: string; password: string }) =>
      callApi<SignInChallenge>('/ops/console/sign-in', { method: 'POST', body }),
  });
}

export function useSecondFactor() {
  return useMutation({
    meta: { signedOutOnUnauthorized: false },
    mutationFn: (body: { challenge: string; code: string } | { challenge: string; recoveryCode: string }) =>
      callApi<SignedIn>('/ops/console/sign-in/second-factor', { method: 'POST', body }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi<unknown>('/ops/console/sign-out', { method: 'POST' }),
    onSuccess: () => markSignedOut(queryClient),
  });
}
