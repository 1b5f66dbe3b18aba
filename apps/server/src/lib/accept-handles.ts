import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Server as NetServer, type Socket } from 'node:net';

/** The net.Server fields its accepted sockets are made with (node:net's onconnection reads them). */
const SOCKET_OPTIONS = [
  'allowHalfOpen',
  'pauseOnConnect',
  'highWaterMark',
  'noDelay',
  'keepAlive',
  'keepAliveInitialDelay',
  'maxConnections',
] as const;

function socketOptionsOf(server: NetServer): Record<string, unknown> {
  const fields = server as unknown as Record<string, unknown>;
  return Object.fromEntries(SOCKET_OPTIONS.map((name) => [name, fields[name]]));
}

/**
 * More handles on the server's listening socket, so that a busy event loop accepts more than one
 * new connection per turn.
 *
 * Why: libuv (1.45 and later, Node 20's) accepts one connection per listening handle per turn of the
 * event loop. Under load a turn takes 10–20 ms, so a crowd of new connections — players coming back
 * after a restart, a burst at the start of an evening — drained from the kernel's accept queue at
 * 50–100 a second: bench:load saw 150 connections take 1.5 s to be accepted, and any request on a
 * new connection (a health check, a player's first call) waited behind them, however little the
 * server had to do for it. With n handles on the same socket a turn accepts up to n.
 *
 * Node 20 cannot open a second listening socket on the port (SO_REUSEPORT came in Node 22.12) nor
 * duplicate a descriptor, so the copies come back through a short-lived child process's IPC channel,
 * as Node's cluster module shares a listening handle between processes: the server's handle goes to
 * the child `copies` times and each comes back (a new descriptor of the same socket every time a
 * handle crosses), then the child is stopped. Every copy hands its connections to `server` as its own.
 *
 * Answers a function that stops the copies accepting (call it before closing the server: a copy
 * left open would go on accepting). Best effort: if the child cannot be started, the server keeps
 * its one handle (and any copies already back) and the reason is passed to `onError`.
 */
export async function addAcceptHandles(
  server: NetServer,
  copies: number,
  onError: (error: unknown) => void,
): Promise<() => void> {
  if (copies <= 0) return () => undefined;
  const received: NetServer[] = [];
  try {
    const child = spawn(
      process.execPath,
      ['-e', `process.on('message', (_message, handle) => process.send('copy', handle));`],
      { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
    // Settles either way (an 'error' instead of 'exit' when the child could not start).
    const ended = once(child, 'exit').catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${received.length} of ${copies} copies in 5 s`)), 5_000);
      child.on('message', (_message, handle) => {
        if (handle) {
          // Its sockets are made as the server's own would be (an HTTP server keeps half-open
          // sockets and turns Nagle off; a plain net.Server does neither).
          const copy = Object.assign(new NetServer(), socketOptionsOf(server));
          copy.on('connection', (socket: Socket) => server.emit('connection', socket));
          copy.listen(handle);
          received.push(copy);
        }
        if (received.length === copies) resolve();
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`the child ended (${code}) with ${received.length} of ${copies} copies back`)),
      );
      // The bare handle, not the server: the child must not listen on it (a connection it accepted
      // would be lost when it is stopped). Each one sent is a descriptor of its own in the child,
      // and another one here when it comes back.
      const handle = (server as unknown as { _handle: NetServer })._handle;
      for (let i = 0; i < copies; i++) child.send('listening socket', handle);
    }).finally(() => {
      // However it ended (every copy back, the child gone, the time up): no timer left running.
      clearTimeout(timer);
      child.kill();
      return ended;
    });
  } catch (error) {
    onError(error);
  }
  // Stops their accepting at once; not waiting for their 'close', which comes only when every
  // connection they accepted has ended (the HTTP server closes those with its own).
  return () => {
    for (const copy of received) copy.close();
  };
}
