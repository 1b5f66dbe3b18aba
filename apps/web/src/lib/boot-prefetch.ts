/**
 * The API reads the boot script in index.html starts for a guest before the app's code arrives
 * (the page's status, region and largest pictures). The first ask for the same path in the same
 * language takes the answer instead of a second round trip; anything unexpected asks again.
 */
type BootAnswer = { status: number; body: { success?: boolean; value?: unknown } | null };

declare global {
  interface Window {
    __sorteBoot?: {
      lang: string;
      calls: Record<string, Promise<BootAnswer> | undefined>;
      /** The answers already in, by path. */
      answers: Record<string, BootAnswer | undefined>;
      /** Settles when the pictures the shell shows have loaded (or failed). */
      pictures: Promise<unknown>;
    };
  }
}

const boot = () => (typeof window === 'undefined' ? undefined : window.__sorteBoot);

export async function takeBootAnswer<T>(path: string, language: string): Promise<{ value: T } | null> {
  const current = boot();
  const call = current?.calls[path];
  if (!current || !call || current.lang !== language.toLowerCase()) return null;
  current.calls[path] = undefined;
  try {
    const { status, body } = await call;
    return status === 200 && body?.success === true ? { value: body.value as T } : null;
  } catch {
    return null;
  }
}

/** An answer that is already in, for a query's first render (no skeleton flash over the shell). */
export function peekBootValue<T>(path: string, language: string): T | undefined {
  const current = boot();
  const answer = current?.lang === language.toLowerCase() ? current.answers?.[path] : undefined;
  return answer?.status === 200 && answer.body?.success === true ? (answer.body.value as T) : undefined;
}

/**
 * Waits (at most `limitMs`) for the shell's pictures, so the app replaces the shell once they are
 * on screen and shows the same pictures from the cache: the largest paint stays the shell's.
 */
export function bootPicturesShown(limitMs: number): Promise<void> {
  const pictures = boot()?.pictures;
  if (!pictures) return Promise.resolve();
  return Promise.race([
    pictures.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, limitMs)),
  ]);
}
