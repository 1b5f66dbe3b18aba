import { availableParallelism } from 'node:os';
import { BoundedQueue, QueueRefusedError } from '../../lib/bounded-queue';
import { serverBusy } from '../../lib/server-busy';
import { PasswordThreads } from './password-threads';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (the package exports it as an ambient const enum, unusable here).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes at once when ARGON2_CONCURRENCY is 0: one per core but one, at least one. */
export const defaultHashesAtOnce = Math.max(1, availableParallelism() - 1);

/**
 * Every argon2id hash and verification waits its turn here, each costing ~15 ms of CPU: with no
 * bound, 200 logins at once queue for seconds. At most `concurrency` run at once (default: one per
 * core but one, at least one: on two cores, hashes on both took the core the event loop needs, and
 * every request waited); a short queue waits at most `maxWaitMs`, and a hash that cannot start in
 * time is refused with 503 SERVER_BUSY (Retry-After), so the logins let in stay fast. The limits
 * come from config (ARGON2_*), set by the load plugin.
 */
export const passwordQueue = new BoundedQueue({
  concurrency: defaultHashesAtOnce,
  maxQueue: 64,
  maxWaitMs: 300,
});

/** The threads the hashes run on, one per queue slot, niced (ARGON2_NICE; password-threads.ts). */
export const passwordThreads = new PasswordThreads({ argon2: options, nice: 10 }, defaultHashesAtOnce);

const queued = <T>(task: () => Promise<T>): Promise<T> =>
  passwordQueue.run(task).catch((error: unknown) => {
    if (error instanceof QueueRefusedError) throw serverBusy(error.retryAfterMs);
    throw error;
  });

export const hashPassword = (password: string) => queued(() => passwordThreads.hash(password));

/** A hash of nothing anyone knows, verified when a username does not exist so timing reveals nothing. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`).catch((error: unknown) => {
      decoy = undefined; // refused while busy: made on a later call
      throw error;
    });
    const made = await decoy;
    await queued(() => passwordThreads.verify(made, password));
    return false;
  }
  return queued(() => passwordThreads.verify(storedHash, password));
}
