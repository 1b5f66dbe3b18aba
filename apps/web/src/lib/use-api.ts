import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiRequest, apiFetch } from './api-client';
import { encryptedCall } from './encrypted-call';

/** apiFetch bound to the interface language, so every answer's message comes back in it. */
export function useApi() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    <T>(path: string, request: Omit<ApiRequest, 'language'> = {}) =>
      apiFetch<T>(path, { ...request, language }),
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
    <T>(path: string, request: Omit<ApiRequest, 'language'> & { method: 'POST' | 'PUT' | 'DELETE' }) =>
      encryptedCall<T>(path, { ...request, language }),
    [language],
  );
}
