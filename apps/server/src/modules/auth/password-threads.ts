import { Worker } from 'node:worker_threads';

/**
 * argon2id on threads of its own, at a lower scheduling priority (password-thread.worker.mjs).
 *
 * Why: a hash is ~15–20 ms of CPU, and under a wave of sign-ins the hashes took a core the event
 * loop and the database threads needed. On libuv's thread pool they ran at the process's priority,
 * so health checks, lobby reads and game bets waited for a core behind them (bench:load). On their
 * own threads they run niced: the kernel gives the cores to the latency-bound work first, and the
 * hashes to what is left. The password queue (passwords.ts) still bounds how many wait.
 */
type Waiter = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { id: number; value?: unknown; error?: string };

export type PasswordThreadOptions = {
  /** argon2's parameters, as @node-rs/argon2 takes them. */
  argon2: Record<string, number>;
  /** How much lower than the process the threads run (0–19, Linux nice); 0: the same. */
  nice: number;
};

class PasswordThread {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private readonly worker: Worker;

  constructor(options: PasswordThreadOptions) {
    this.worker = new Worker(new URL('./password-thread.worker.mjs', import.meta.url), {
      workerData: { options: options.argon2, nice: options.nice },
    });
    this.worker.on('message', ({ id, value, error }: Answer) => {
      const waiter = this.waiting.get(id);
      if (!waiter) return;
      this.waiting.delete(id);
      if (this.waiting.size === 0) this.worker.unref();
      if (error !== undefined) waiter.reject(new Error(error));
      else waiter.resolve(value);
    });
    const fail = (error: Error) => {
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
      this.ended = true;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the password thread ended (exit code ${code})`)));
    // After the listeners: adding a 'message' listener refs the worker's port again, and a thread
    // started before any sign-in (start()) would keep its process from ever exiting.
    this.worker.unref();
  }

  ended = false;

  close(): void {
    this.ended = true;
    void this.worker.terminate();
  }

  get busy(): number {
    return this.waiting.size;
  }

  send<T>(message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }
}

export class PasswordThreads {
  private threads: PasswordThread[] = [];

  constructor(
    private options: PasswordThreadOptions,
    private size: number,
  ) {}

  /** New settings apply to threads started from now on; extra threads start when first needed. */
  configure(size: number, nice: number): void {
    this.size = Math.max(1, size);
    if (nice !== this.options.nice) {
      this.options = { ...this.options, nice };
      for (const thread of this.threads) if (thread.busy === 0) thread.close();
      this.threads = this.threads.filter((thread) => !thread.ended); // busy ones stay, at their priority
    }
  }

  /**
   * Starts the threads now rather than on the first sign-ins: a thread takes a few ms of the event
   * loop to create and tens of ms of CPU to load argon2, which a server's first logins after a
   * restart would otherwise pay beside the returning crowd.
   */
  start(): void {
    this.threads = this.threads.filter((thread) => !thread.ended);
    while (this.threads.length < this.size) this.threads.push(new PasswordThread(this.options));
  }

  hash(password: string): Promise<string> {
    return this.pick().send<string>({ op: 'hash', password });
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.pick().send<boolean>({ op: 'verify', hash, password });
  }

  /** The least busy thread, or a new one while there are fewer than `size`. */
  private pick(): PasswordThread {
    this.threads = this.threads.filter((thread) => !thread.ended);
    const idle = this.threads.find((thread) => thread.busy === 0);
    if (idle) return idle;
    if (this.threads.length < this.size) {
      const thread = new PasswordThread(this.options);
      this.threads.push(thread);
      return thread;
    }
    return this.threads.reduce((least, thread) => (thread.busy < least.busy ? thread : least));
  }
}
