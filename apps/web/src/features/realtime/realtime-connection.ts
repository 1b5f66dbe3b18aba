import { parseRealtimeEvent, type RealtimeEvent } from './realtime-events';

/** The server's close code for "no session, or the session ended" (like a 401). */
export const sessionEndedCode = 4401;

/** Waits between reconnection attempts: 1 s, 2 s, 4 s … at most 30 s, with some jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + random() * 0.4));
}

/** `/ws` on the page's own host: wss:// under https, ws:// otherwise. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export type ConnectionStatus = 'connecting' | 'ready' | 'waiting' | 'closed';

type Options = {
  token: string;
  onEvent: (event: RealtimeEvent) => void;
  /** The server closed with 4401: drop the session, as a 401 would. */
  onSessionEnded: () => void;
  /** Called after (re)connecting, so callers can refetch what may have changed while offline. */
  onReady?: (reconnected: boolean) => void;
  onStatus?: (status: ConnectionStatus) => void;
  url?: string;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
};

/**
 * One live channel for the signed-in member: connects, presents the token as its first message
 * (never in the URL, which would land in access logs), passes events on, and reconnects with
 * backoff when the network drops. Returns a function that closes it for good.
 */
export function openRealtimeConnection(options: Options): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const url = options.url ?? socketUrl();
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;
  let everReady = false;

  const status = (s: ConnectionStatus) => options.onStatus?.(s);

  const schedule = () => {
    if (stopped) return;
    status('waiting');
    timer = setTimeout(connect, backoffMs(attempt, options.random));
    attempt += 1;
  };

  function connect() {
    timer = null;
    if (stopped) return;
    status('connecting');
    let ws: WebSocket;
    try {
      ws = create(url);
    } catch {
      schedule();
      return;
    }
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: options.token }));
    ws.onmessage = (message) => {
      const data = typeof message.data === 'string' ? message.data : '';
      if (data.includes('"ready"')) {
        try {
          if (JSON.parse(data).type === 'ready') {
            attempt = 0;
            status('ready');
            options.onReady?.(everReady);
            everReady = true;
            return;
          }
        } catch {
          // not JSON: ignored below
        }
      }
      const event = parseRealtimeEvent(data);
      if (event) options.onEvent(event);
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      if (event.code === sessionEndedCode) {
        stopped = true;
        status('closed');
        options.onSessionEnded();
        return;
      }
      schedule();
    };
    // An error is always followed by a close, which decides what happens next.
    ws.onerror = () => {};
  }

  connect();
  return () => {
    stopped = true;
    status('closed');
    if (timer) clearTimeout(timer);
    const ws = socket;
    socket = null;
    if (!ws) return;
    // Closing a socket that is still connecting makes browsers log an error: let it open, then close.
    if (ws.readyState === ws.CONNECTING) ws.onopen = () => ws.close(1000, 'done');
    else if (ws.readyState === ws.OPEN) ws.close(1000, 'done');
  };
}
