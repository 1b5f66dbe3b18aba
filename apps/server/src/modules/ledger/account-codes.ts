import { type Currency, type LedgerCurrency, PLAY_MONEY_CURRENCY } from '@sorte/shared';

/**
 * Every ledger account code, built here and nowhere else (TypeScript or SQL). A code names what an
 * account is, so opening an account twice finds the first one (`on conflict (code) do nothing`).
 */

export type MemberAccountKind = 'cash' | 'bonus' | 'locked' | 'points';
export const memberAccountKinds: readonly MemberAccountKind[] = ['cash', 'bonus', 'locked', 'points'];

/** Who owns a set of shards: the house, a game vendor's or a payment provider's clearing. */
export type ShardOwner = { type: 'house' } | { type: 'vendor' | 'provider'; id: string };

export const memberAccountCode = (memberId: string, kind: MemberAccountKind, currency: Currency) =>
  `member:${memberId}:${kind}:${currency}`;

/** A member's transfer wallet at a vendor (money moved there from the main wallet to play with). */
export const vendorWalletCode = (memberId: string, vendor: string, currency: Currency) =>
  `member:${memberId}:vendor_wallet:${vendor}:${currency}`;

const two = (shard: number) => String(shard).padStart(2, '0');

/**
 * A free-play member's play money (DECISIONS.md "trial (free play) accounts"): one account in the
 * play-money currency, never negative, which no real-money path ever names.
 */
export const playAccountCode = (memberId: string) => `member:${memberId}:play:${PLAY_MONEY_CURRENCY}`;

/** One shard of the house, or of a vendor's or provider's clearing account, in one currency. */
export const shardCode = (owner: ShardOwner, currency: LedgerCurrency, shard: number) =>
  owner.type === 'house'
    ? `house:${currency}:${two(shard)}`
    : `${owner.type}:${owner.id}:clearing:${currency}:${two(shard)}`;
