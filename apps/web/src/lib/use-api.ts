import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiRequest, apiFetch } from './api-client';

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
