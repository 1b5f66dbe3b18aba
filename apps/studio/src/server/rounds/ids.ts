import { randomBytes } from 'node:crypto';

/** A round id the studio owns: 128 random bits, 32 hex characters (the wallet allows [A-Za-z0-9._:-]). */
export const newRoundId = () => randomBytes(16).toString('hex');

/** Each round has at most one bet, one win and one rollback: their transaction ids derive from it. */
export const betTransactionId = (roundId: string) => `${roundId}:bet`;
export const winTransactionId = (roundId: string) => `${roundId}:win`;
export const rollbackTransactionId = (roundId: string) => `${roundId}:rollback`;
