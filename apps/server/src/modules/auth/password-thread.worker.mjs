/**
 * A thread that hashes and verifies argon2id passwords (see password-threads.ts, its only user).
 *
 * Its first act is to lower its own scheduling priority: on Linux a thread's nice value is its own
 * (setpriority on the calling thread), so the event loop, the database threads and the answers they
 * serve go first on a busy machine, and hashes take the cores they leave. Where lowering is not
 * allowed the thread runs at normal priority.
 *
 * Plain JavaScript: a worker thread gets no TypeScript loader under every runner.
 *
 * Messages: { id, op: 'hash', password } -> { id, value: string }
 *           { id, op: 'verify', hash, password } -> { id, value: boolean } (a malformed hash: false)
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

const port = parentPort;
if (!port) throw new Error('password-thread.worker.mjs runs only as a worker thread');

try {
  if (workerData.nice > 0) setPriority(workerData.nice);
} catch {
  // not permitted here: hashes run at the priority the process has
}

port.on('message', ({ id, op, password, hash }) => {
  try {
    if (op === 'hash') port.postMessage({ id, value: hashSync(password, workerData.options) });
    else {
      let value = false;
      try {
        value = verifySync(hash, password);
      } catch {
        // a stored hash that does not parse verifies nothing
      }
      port.postMessage({ id, value });
    }
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
