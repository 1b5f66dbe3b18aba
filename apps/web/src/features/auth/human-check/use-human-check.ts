import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../lib/use-api';
import type { PowChallenge } from './solve-pow';

/**
 * The sign-in proof of work: after a failed login the server wants one with the next attempt.
 * `prove()` fetches a challenge, loads the solver (only now, so the first page load does not carry
 * it) and answers the `altcha` field; `progress` (0–1) is set while it works, null otherwise.
 */
export function useHumanCheck() {
  const api = useApi();
  const [required, setRequired] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => () => aborter.current?.abort(), []);

  const prove = useCallback(async (): Promise<string> => {
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setProgress(0);
    try {
      const [challenge, { solvePow }] = await Promise.all([
        api<PowChallenge>('/wps/captcha/pow', { signal: controller.signal }),
        import('./solve-pow'),
      ]);
      const altcha = await solvePow(challenge, setProgress, controller.signal);
      if (!altcha) throw new Error('no solution');
      return altcha;
    } finally {
      if (aborter.current === controller) setProgress(null);
    }
  }, [api]);

  const require = useCallback(() => setRequired(true), []);

  return { required, require, prove, progress };
}
