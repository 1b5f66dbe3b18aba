/**
 * The studio API client. Every call after the launch carries the studio session in
 * `x-studio-session`; errors come back as `{error: {code, message}}` and surface as `ApiError`.
 */

/** Where the studio is mounted: '/studio/' in every build (Vite's base). */
export const studioBase: string = import.meta.env.BASE_URL;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The studio session ended (expired, revoked): the frame must be relaunched from the lobby. */
  get isSessionEnded(): boolean {
    return this.status === 401;
  }

  /** No answer at all: worth retrying with the same request id. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

let currentSession: string | null = null;

export function setApiSession(session: string | null): void {
  currentSession = session;
}

export function getApiSession(): string | null {
  return currentSession;
}

type Listener = (error: ApiError) => void;
const sessionEndedListeners = new Set<Listener>();

/** Lets the frame switch to its "session ended" screen whichever call noticed it. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Shows the "session ended" screen (the crash socket learns it from a message, not a 401). */
export function endSession(error: ApiError): void {
  for (const listener of sessionEndedListeners) listener(error);
}

export async function apiCall<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal; area?: 'api' | 'crash' } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (currentSession) headers['x-studio-session'] = currentSession;
  let response: Response;
  try {
    response = await fetch(`${studioBase}${init.area ?? 'api'}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'network error');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data as { error?: { code?: string; message?: string } } | null)?.error;
    const error = new ApiError(
      response.status,
      body?.code ?? `HTTP_${response.status}`,
      body?.message ?? response.statusText,
    );
    if (error.isSessionEnded && currentSession) for (const listener of sessionEndedListeners) listener(error);
    throw error;
  }
  return data as T;
}

/** A request id the server deduplicates on (CSPRNG; works outside secure contexts too). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A money call: the client owns the request id, and a retry after a lost answer sends the very same
 * id, so it can only ever find the first bet, never place a second one.
 */
export async function placeBet<T>(path: string, body: Record<string, unknown>, attempts = 3): Promise<T> {
  const requestId = newRequestId();
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiCall<T>(path, { method: 'POST', body: { ...body, requestId } });
    } catch (error) {
      if (!(error instanceof ApiError) || !error.isNetwork || attempt >= attempts) throw error;
      await wait(400 * attempt);
    }
  }
}
