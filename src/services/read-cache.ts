/** A result held by the cache, with its JSON text made once so that every hit can send it as is. */
export interface CachedRead<T> {
  value: T;
  /** Absent when the cache is off (nothing is kept, so nothing is serialized ahead). */
  json?: string;
}

interface Entry {
  value: unknown;
  json: string;
  expiresAt: number;
}

/**
 * A short-lived in-process cache of public read results, shared by no one (each api process has
 * its own): a result is served for at most `ttlMs` after it was read, so a change shows up within
 * that time. Concurrent misses of one key share one read. Only results that are the same for
 * every caller may be put here. `ttlMs` 0 turns it off. Memory is bounded by the JSON size of the
 * entries; the oldest go first.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = 64 * 2 ** 20,
  ) {}

  async get<T>(key: string, read: () => Promise<T>): Promise<CachedRead<T>> {
    if (this.ttlMs === 0) return { value: await read() };
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry as CachedRead<T>;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = read().then((value) => this.put(key, value));
      this.loading.set(key, loading);
      void loading.then(
        () => this.loading.delete(key),
        () => this.loading.delete(key),
      );
    }
    return (await loading) as CachedRead<T>;
  }

  private put(key: string, value: unknown): Entry {
    const entry = { value, json: JSON.stringify(value), expiresAt: Date.now() + this.ttlMs };
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.json.length;
    // Every entry lives as long, so insertion order is expiry order: the first are the oldest.
    const now = Date.now();
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes && e.expiresAt > now) break;
      this.remove(k);
    }
    return entry;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.json.length;
  }
}
