import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Queryable } from './client';

/**
 * The studio's PGlite on a worker thread (pglite-worker.mjs), for the studio embedded in the
 * platform's process: in-process its statements were about a third of that event loop's CPU under
 * bench:load, taken from every request of the platform.
 *
 * Statements outside a transaction are messages: the loop posts them and goes on. A transaction
 * waits its turn with a message too, then runs its statements *synchronously*: each one is posted on
 * a port of its own and the loop blocks (Atomics.wait) until the thread answers, for about the time
 * the statement takes. The studio's transactions are a few statements with no network inside; run
 * as messages they would hold the thread's one connection across a turn of a busy event loop per
 * statement, and every other statement (every other bet) would wait behind them (the platform's
 * database on @sorte/shared/pglite-thread does that; there transactions are rarer).
 */
type ErrorFields = { message: string; name: string } & Record<string, string | number | boolean>;
type Answer = { id?: number; rows?: unknown[]; error?: ErrorFields; ready?: boolean };
type Waiter = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/** A statement inside a transaction that takes longer than this is taken for a dead thread. */
const SYNC_TIMEOUT_MS = 60_000;

function errorFrom(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, rest);
}

/** PGlite's WebAssembly, compiled once per process (a thread would compile its 9 MB again). */
type CompiledWasm = { pglite: unknown; initdb: unknown };
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } })
  .WebAssembly;
let compiled: Promise<CompiledWasm> | undefined;
function compiledPglite(): Promise<CompiledWasm> {
  compiled ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) => wasm.compile(await readFile(join(dist, file)))),
    );
    return { pglite, initdb };
  })();
  return compiled;
}

export class PgliteWorker {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private failure: Error | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly txPort: MessagePort,
    private readonly flag: Int32Array,
  ) {
    worker.on('message', (answer: Answer) => {
      const waiter = answer.id === undefined ? undefined : this.waiting.get(answer.id);
      if (!waiter || answer.id === undefined) return;
      this.waiting.delete(answer.id);
      // Only outstanding calls keep the process alive, as an in-process database would not either.
      if (this.waiting.size === 0) worker.unref();
      if (answer.error) waiter.reject(errorFrom(answer.error));
      else waiter.resolve(answer);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the studio's PGlite thread ended (exit code ${code})`)));
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }

  static async open(dataDir: string | undefined): Promise<PgliteWorker> {
    const modules = await compiledPglite();
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, modules, txPort: port1, flag: flag.buffer },
      transferList: [port1],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: Answer) => {
        if (message.ready === undefined) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.ready) resolve();
        else reject(errorFrom(message.error ?? { message: 'PGlite did not open', name: 'Error' }));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.unref();
    return new PgliteWorker(worker, port2, flag);
  }

  private send(message: Record<string, unknown>): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Numbers the statements of transactions; the thread answers with it. */
  private seq = 0;

  /**
   * One statement of the open transaction, answered before this returns (see above). The answer is
   * matched by its sequence number, never by its place in the port: an answer that is not this
   * statement's (none is expected) is dropped rather than taken for this one.
   */
  private inTransaction(message: Record<string, unknown>): Answer {
    if (this.failure) throw this.failure;
    this.seq = this.seq >= 0x7fffffff ? 1 : this.seq + 1;
    const seq = this.seq;
    this.txPort.postMessage({ ...message, seq });
    const deadline = performance.now() + SYNC_TIMEOUT_MS;
    for (;;) {
      const received = receiveMessageOnPort(this.txPort);
      if (received) {
        const answer = received.message as Answer & { seq?: number };
        if (answer.seq !== seq) continue;
        if (answer.error) throw errorFrom(answer.error);
        return answer;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        // Its answer may still come: nothing more runs on this thread.
        this.fail(new Error(`the studio's PGlite thread did not answer within ${SYNC_TIMEOUT_MS} ms`));
        void this.worker.terminate();
        throw this.failure;
      }
      const answered = Atomics.load(this.flag, 0);
      // Answered but not readable yet: look again in a millisecond; else sleep until the thread says.
      Atomics.wait(this.flag, 0, answered, answered === seq ? 1 : Math.min(left, 1000));
    }
  }

  async query<R>(text: string, params: unknown[] | undefined): Promise<R[]> {
    return (await this.send({ op: 'query', text, params: params ?? [] })).rows as R[];
  }

  async exec(script: string): Promise<void> {
    await this.send({ op: 'exec', script });
  }

  /** Begin waits its turn; `fn`'s statements and the commit (or rollback) then run one by one at once. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    await this.send({ op: 'begin' });
    let result: T;
    try {
      result = await fn({
        query: async <R>(text: string, params?: unknown[]) =>
          this.inTransaction({ op: 'query', text, params: params ?? [] }).rows as R[],
      });
    } catch (error) {
      try {
        this.inTransaction({ op: 'rollback' });
      } catch {
        // The thread is gone or the transaction already ended: the first error is the one to tell.
      }
      throw error;
    }
    this.inTransaction({ op: 'commit' });
    return result;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: 'close' });
    this.txPort.close();
    await this.worker.terminate();
  }
}
