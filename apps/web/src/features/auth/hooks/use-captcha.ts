import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';

export type Captcha = { captchaId: string; image: string };

/** Spec section 9: the captcha refreshes at most once a second (the server answers 429 faster). */
const THROTTLE_MS = 1_000;

/**
 * The image captcha: hidden until a failed login says it is needed, then fetched; a click on the
 * image asks for a new one, at most once a second.
 */
export function useCaptcha() {
  const api = useApi();
  const [shown, setShown] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const lastFetch = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (pending.current) clearTimeout(pending.current);
    };
  }, []);

  const load = useCallback(
    async (attempt = 0) => {
      lastFetch.current = Date.now();
      setLoading(true);
      try {
        const next = await api<Captcha>('/wps/captcha');
        if (alive.current) setCaptcha(next);
      } catch (error) {
        // Another tab (same address) asked within the second: wait and try once more.
        if (error instanceof ApiError && error.status === 429 && attempt === 0 && alive.current) {
          pending.current = setTimeout(() => {
            pending.current = null;
            void load(1);
          }, THROTTLE_MS);
          return;
        }
      } finally {
        if (alive.current) setLoading(false);
      }
    },
    [api],
  );

  const refresh = useCallback(() => {
    if (pending.current) return;
    const wait = lastFetch.current + THROTTLE_MS - Date.now();
    if (wait <= 0) {
      void load();
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      void load();
    }, wait);
  }, [load]);

  const require = useCallback(() => {
    setShown(true);
    refresh();
  }, [refresh]);

  return { shown, captcha, loading, refresh, require };
}
