import http from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptHandles } from './accept-handles';

/** Keeps the thread busy, as a turn of a loaded server's event loop is. */
const work = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

/**
 * Opens `count` connections to `port` from another thread while this one is blocked, so that all of
 * them wait in the kernel's accept queue before this loop's next turn; answers once they do.
 */
function queueConnections(port: number, count: number): Worker {
  const connected = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const net = require('node:net');
     for (let i = 0; i < workerData.count; i++)
       net.connect(workerData.port, '127.0.0.1').on('connect', () => {
         Atomics.add(workerData.connected, 0, 1);
         Atomics.notify(workerData.connected, 0);
       }).on('error', () => {});
     setInterval(() => {}, 1000);`,
    { eval: true, workerData: { port, count, connected } },
  );
  // Blocked here (no turn of this loop runs) until every handshake is done.
  while (Atomics.load(connected, 0) < count) Atomics.wait(connected, 0, Atomics.load(connected, 0), 5_000);
  return worker;
}

/** Turns of a busy loop (5 ms of work each) until `count` connections were accepted: new ones per turn. */
async function acceptedPerTurn(accepted: () => number, count: number): Promise<number[]> {
  const perTurn: number[] = [];
  let before = accepted();
  while (accepted() < count && perTurn.length < 500) {
    work(5);
    // Queued from the check phase: the next turn, after a poll phase.
    await new Promise((resolve) => setImmediate(resolve));
    perTurn.push(accepted() - before);
    before = accepted();
  }
  return perTurn.filter((n) => n > 0);
}

describe('addAcceptHandles', () => {
  const closers: Array<() => void> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) close();
  });

  async function listening(server: Server): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    return (server.address() as AddressInfo).port;
  }

  it('with one handle, a busy loop takes waiting connections one per turn', async () => {
    let accepted = 0;
    const server = createServer(() => accepted++);
    const worker = queueConnections(await listening(server), 8);
    closers.push(() => void worker.terminate());
    expect(await acceptedPerTurn(() => accepted, 8)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('with four handles, it takes up to four per turn, all handed to the server', async () => {
    let accepted = 0;
    const server = createServer(() => accepted++);
    const port = await listening(server);
    const close = await addAcceptHandles(server, 3, (error) => {
      throw error;
    });
    closers.push(close);
    const worker = queueConnections(port, 12);
    closers.push(() => void worker.terminate());
    const perTurn = await acceptedPerTurn(() => accepted, 12);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(12);
    expect(Math.max(...perTurn)).toBe(4);
    expect(perTurn.length).toBeLessThanOrEqual(4);
  });

  it('serves HTTP on the copies as on the server, and stops accepting once closed', async () => {
    const server = http.createServer((request, response) => response.end(`ok ${request.url}`));
    const port = await listening(server);
    const close = await addAcceptHandles(server, 3, (error) => {
      throw error;
    });
    const agent = new http.Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path, agent }, (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    // Twenty connections at once (some accepted by copies), each used twice.
    const paths = Array.from({ length: 20 }, (_, i) => `/${i}`);
    expect(await Promise.all(paths.map(get))).toEqual(paths.map((p) => `ok ${p}`));
    expect(await Promise.all(paths.map(get))).toEqual(paths.map((p) => `ok ${p}`));
    agent.destroy();

    close();
    server.close();
    server.closeAllConnections();
    await expect(get('/after')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
