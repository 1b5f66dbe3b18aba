/**
 * A small in-process cache for lobby reads: each key is loaded at most once per `ttlMs`, and callers
 * arriving while it loads share the same promise, so a burst of visitors costs one query. Failed
 * loads are not kept. Entries are per instance; lobby content tolerates `ttlMs` of staleness.
 *
 * An entry past its time but younger than `ttlMs + staleForMs` is still answered at once while one
 * reload runs behind it (stale-while-revalidate): when an entry expired under load, every request
 * needing it (the site status is read by every request) waited for that reload, queued behind
 * whatever the database was doing, and under bench:load's opening burst that was ~0.7 s for all of
 * them. A reload that fails leaves the old value in place until the stale window ends.
 */
type Entry<T> = {
  expiresAt: number;
  value: Promise<T>;
  /** Set once `value` resolved: what a stale read answers. */
  loaded: boolean;
  reloading: boolean;
};

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
    private readonly staleForMs = ttlMs,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > t) return hit.value;
    if (hit?.loaded && hit.expiresAt + this.staleForMs > t) {
      if (!hit.reloading) this.reload(key, hit, load);
      return hit.value;
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    return this.fill(key, load, t);
  }

  /** Drops everything, e.g. after content changes through an operator call. */
  clear(): void {
    this.entries.clear();
  }

  private fill(key: string, load: () => Promise<T>, t: number): Promise<T> {
    const value = load();
    const entry: Entry<T> = { expiresAt: t + this.ttlMs, value, loaded: false, reloading: false };
    this.entries.set(key, entry);
    value.then(
      () => {
        entry.loaded = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  private reload(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    stale.reloading = true;
    const started = this.now();
    load().then(
      (fresh) => {
        // Unless cleared or refilled meanwhile: a newer entry wins.
        if (this.entries.get(key) !== stale) return;
        const value = Promise.resolve(fresh);
        this.entries.set(key, { expiresAt: started + this.ttlMs, value, loaded: true, reloading: false });
      },
      () => {
        stale.reloading = false; // the next read past its time tries again
      },
    );
  }
}
