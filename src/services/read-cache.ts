/**
 * A short-lived in-process cache of public read results, shared by no one (each api process has
 * its own): a result is served for at most `ttlMs` after it was read, so a change shows up within
 * that time. Concurrent misses of one key share one read. Only results that are the same for
 * every caller may be put here. `ttlMs` 0 turns it off.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return read();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const loading = read().then((value) => {
      this.put(key, value, Date.now() + this.ttlMs);
      return value;
    });
    this.loading.set(key, loading);
    try {
      return await loading;
    } finally {
      this.loading.delete(key);
    }
  }

  private put(key: string, value: unknown, expiresAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      for (const [k, e] of this.entries) {
        if (this.entries.size < this.maxEntries && e.expiresAt > Date.now()) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, { value, expiresAt });
  }
}
