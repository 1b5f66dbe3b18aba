import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiRequest, apiFetch } from './api-client';
import { takeBootAnswer } from './boot-prefetch';

/** apiFetch bound to the interface language, so every answer's message comes back in it. */
export function useApi() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    async <T>(path: string, request: Omit<ApiRequest, 'language'> = {}) => {
      if ((request.method ?? 'GET') === 'GET') {
        const early = await takeBootAnswer<T>(path, language);
        if (early) return early.value;
      }
      return apiFetch<T>(path, { ...request, language });
    },
    [language],
  );
}

/**
 * The same for the calls the spec marks encrypted (login, register, password change and reset):
 * the body is sealed with the server's published key before it leaves the page.
 */
export function useEncryptedApi() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    // The sealing code (and the key schema it checks) loads with the first encrypted call, which
    // only a sign-in form makes, so the lobby does not carry it.
    async <T>(path: string, request: Omit<ApiRequest, 'language'> & { method: 'POST' | 'PUT' | 'DELETE' }) =>
      (await import('./encrypted-call')).encryptedCall<T>(path, { ...request, language }),
    [language],
  );
}
