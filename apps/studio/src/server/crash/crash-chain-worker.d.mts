/** crash-chain-worker.mjs: generateChainSync's chain as raw bytes, game k's hash at (k − 1) · 32. */
export function makeRawChain(seed: string, length: number): { terminatingHash: string; raw: Buffer };
