import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/**
 * A PGlite database that lives on a worker thread of its own (pglite-thread.worker.mjs).
 *
 * Why: PGlite runs PostgreSQL as WebAssembly on the thread that calls it, and its "async" calls
 * finish without ever yielding, so under load the queries of many requests ran one after another in
 * a single turn of the event loop: 200 clients held it for up to a second (health checks, sheds,
 * every other answer waited). On a thread of its own the database uses the other core and the event
 * loop only posts and receives messages.
 *
 * One connection, as before: the thread runs messages one at a time in arrival order. A session
 * (`acquire`) holds it for one caller (an explicit transaction, a migration) while everyone else's
 * messages wait, as PGlite's own transaction lock did in-process.
 */
export type PgliteThreadOptions = { dataDir?: string; loadDataDir?: Blob };

type Answer = { id: number; rows?: unknown[]; session?: number; bytes?: Uint8Array; error?: ErrorFields };
type ErrorFields = { message: string; name: string } & Record<string, string | number | boolean>;
type Waiter = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/** PostgreSQL's error back as an Error with the same fields (code = SQLSTATE, detail, constraint…). */
function errorFrom(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, rest);
}

/**
 * PGlite's WebAssembly, compiled once per process and handed to every thread: in-process PGlite
 * caches its compiled module, a new thread would compile 9 MB again (tests open one per file).
 */
type CompiledWasm = { pglite: unknown; initdb: unknown };
/** The global WebAssembly object (this package's TypeScript lib does not declare it as a value). */
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

/**
 * Makes V8 compile PGlite's 9 MB of WebAssembly with its optimising compiler at start, on background
 * threads, instead of running each function on baseline code until it is hot: every statement of a
 * new process's first seconds ran on baseline code. In bench:load, in turns with it off, studio bets
 * after a kill -9 and restart: p99 565 and 794 ms against 660 and 975; in the main run 210 and 220
 * against 402 and 329. The first answer after a start comes ~1 s later. For a server's entry point
 * (PGLITE_EAGER_TIER_UP), before anything compiles PGlite; not for tests, where each process would
 * pay the compile.
 */
export function compilePgliteEagerly(): void {
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

export class PgliteThread {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: Answer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      // Only outstanding calls keep the process alive, as an in-process database would not either.
      if (this.waiting.size === 0) worker.unref();
      if (answer.error) waiter.reject(errorFrom(answer.error));
      else waiter.resolve(answer);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiter of this.waiting.values()) waiter.reject(this.failure);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite thread ended (exit code ${code})`)));
  }

  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir
      ? new Uint8Array(await options.loadDataDir.arrayBuffer())
      : undefined;
    const modules = await compiledPglite();
    const worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, modules },
      ...(loadDataDir ? { transferList: [loadDataDir.buffer as ArrayBuffer] } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: ErrorFields }) => {
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
    return new PgliteThread(worker);
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

  /**
   * `urgent`: the statement goes before the messages already waiting (not before a transaction
   * already holding the database). The seamless wallet's money calls are sent so: a game's bet waits
   * for the one statement running, not for a queue of sign-ins and lobby reads. They come one batch
   * at a time, so the others still run between two of them. (An option, not an AsyncLocalStorage:
   * one in use turns on promise hooks for the whole process, and every promise of every request
   * then pays for them: code made of awaits ran 1.8 times slower with them on.)
   */
  async query<R>(
    text: string,
    params: unknown[] | undefined,
    options: { prepare?: string; rowMode?: 'array'; session?: number; urgent?: boolean } = {},
  ): Promise<R[]> {
    return (await this.send({ op: 'query', text, params: params ?? [], ...options })).rows as R[];
  }

  async exec(script: string, session?: number): Promise<void> {
    await this.send({ op: 'exec', script, session });
  }

  /** Holds the database for `fn` alone: everyone else's statements wait until it is done. */
  async exclusive<T>(fn: (session: number) => Promise<T>): Promise<T> {
    const { session } = await this.send({ op: 'acquire' });
    try {
      return await fn(session as number);
    } finally {
      await this.send({ op: 'release', session });
    }
  }

  /**
   * A transaction holding the database alone: begin, `fn`'s statements, commit (rollback when `fn`
   * throws). Begin and commit travel with the lock's own messages, so the others wait two round
   * trips less per transaction.
   */
  async transaction<T>(fn: (session: number) => Promise<T>): Promise<T> {
    const { session } = await this.send({ op: 'acquire', begin: true });
    let result: T;
    try {
      result = await fn(session as number);
    } catch (error) {
      await this.send({ op: 'release', session, end: 'rollback' }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: 'release', session, end: 'commit' });
    return result;
  }

  /** The data directory as a tar (PGlite's dumpDataDir), for test snapshots. */
  async dump(): Promise<Blob> {
    const { bytes } = await this.send({ op: 'dump' });
    return new Blob([bytes as Uint8Array<ArrayBuffer>]);
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
