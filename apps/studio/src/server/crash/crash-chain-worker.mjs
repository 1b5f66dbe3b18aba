/**
 * Makes a crash hash chain: on the caller's thread for a short chain, and as the worker thread that
 * crash-chain.ts (generateChain, its only user) starts for a long one.
 *
 * Plain JavaScript: a worker thread gets no TypeScript loader under every runner.
 */
import { createHash } from 'node:crypto';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/**
 * generateChainSync's chain (packages/fair) as raw bytes, 32 a game: game k's hash at (k − 1) · 32.
 * @param {string} seed 64 hex characters
 * @param {number} length
 */
export function makeRawChain(seed, length) {
  const raw = Buffer.alloc(length * 32);
  let h = Buffer.from(seed, 'hex');
  for (let k = length; k >= 1; k--) {
    h.copy(raw, (k - 1) * 32);
    h = createHash('sha256').update(h).digest();
  }
  return { terminatingHash: h.toString('hex'), raw };
}

// Started as the worker: make the chain asked for and hand its bytes over (moved, not copied).
if (!isMainThread && workerData?.crashChain) {
  const { seed, length } = workerData.crashChain;
  const { raw, terminatingHash } = makeRawChain(seed, length);
  parentPort?.postMessage({ raw: raw.buffer, offset: raw.byteOffset, terminatingHash }, [raw.buffer]);
}
