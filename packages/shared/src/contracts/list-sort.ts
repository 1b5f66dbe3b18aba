import { z } from 'zod';

/**
 * Server-side sorting of the console's lists: `?sort=createdAt:desc`, a key the list offers (a field
 * of its rows) and a direction. Each list names its keys; anything else is a 400 naming `sort`, and
 * without `sort` a list keeps its own default order (the withdrawals queue: waiting first, oldest
 * first). The server builds ORDER BY from its own table of keys, never from the text sent.
 */
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** `createdAt:desc`: the `sort` parameter's text. */
export type SortParam<K extends string> = `${K}:${SortDirection}`;
export type ListSort<K extends string> = { key: K; direction: SortDirection };

/** Every `key:direction` of a list's keys. */
export function sortParamsOf<const K extends string>(keys: readonly [K, ...K[]]): SortParam<K>[] {
  return keys.flatMap((key) => sortDirections.map((direction) => `${key}:${direction}` as const));
}

/** The optional `sort` query parameter of a list with these keys. */
export function sortQuerySchema<const K extends string>(keys: readonly [K, ...K[]]) {
  return z.enum(sortParamsOf(keys) as [SortParam<K>, ...SortParam<K>[]]).optional();
}

/** `amount:asc` → { key: 'amount', direction: 'asc' }; undefined stays undefined (the default order). */
export function parseSort<K extends string>(value: SortParam<K> | undefined): ListSort<K> | undefined {
  if (value === undefined) return undefined;
  const at = value.lastIndexOf(':');
  return { key: value.slice(0, at) as K, direction: value.slice(at + 1) as SortDirection };
}

/** Each list's keys: the fields of its rows an operator can order by. */
export const playerSortKeys = ['createdAt', 'lastSignInAt', 'username'] as const;
export type PlayerSortKey = (typeof playerSortKeys)[number];
export const withdrawalSortKeys = ['createdAt', 'amount'] as const;
export type WithdrawalSortKey = (typeof withdrawalSortKeys)[number];
export const depositSortKeys = ['createdAt', 'amount'] as const;
export type DepositSortKey = (typeof depositSortKeys)[number];
export const adjustmentSortKeys = ['requestedAt', 'amount'] as const;
export type AdjustmentSortKey = (typeof adjustmentSortKeys)[number];
/** The audit log is a hash chain written in time order: newest or oldest first, nothing else. */
export const auditSortKeys = ['at'] as const;
export type AuditSortKey = (typeof auditSortKeys)[number];
