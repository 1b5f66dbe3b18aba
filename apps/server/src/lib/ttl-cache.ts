/**
 * A small in-process cache for lobby reads: each key is loaded at most once per `ttlMs`, and callers
 * arriving while it loads share the same promise, so a burst of visitors costs one query. Failed
 * loads are not kept. Entries are per instance; lobby content tolerates `ttlMs` of staleness.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > t) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { expiresAt: t + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Drops everything, e.g. after content changes through an operator call. */
  clear(): void {
    this.entries.clear();
  }
}
