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

/** Where a listing's public profile is kept: dropped when PostgreSQL announces a change of it. */
export function listingProfileKey(siteId: number, slug: string): string {
  return `listing:${siteId}:${slug}`;
}

/**
 * A short-lived in-process cache of public read results, shared by no one (each api process has
 * its own): a result is served for at most its time to live (`ttlMs` unless a read asks for
 * another), or until `delete` drops it. Concurrent misses of one key share one read, and a read
 * that was under way when its key was dropped is returned but not kept. Only results that are the
 * same for every caller may be put here. `ttlMs` 0 turns the whole cache off. Memory is bounded by
 * the JSON size of the entries; the oldest go first.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = 64 * 2 ** 20,
  ) {}

  async get<T>(key: string, read: () => Promise<T>, ttlMs = this.ttlMs): Promise<CachedRead<T>> {
    if (this.ttlMs === 0) return { value: await read() };
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry as CachedRead<T>;
    let loading = this.loading.get(key);
    if (!loading) {
      const started: Promise<Entry> = read().then((value) => {
        const fresh = { value, json: JSON.stringify(value), expiresAt: Date.now() + ttlMs };
        if (this.loading.get(key) === started) this.put(key, fresh);
        return fresh;
      });
      loading = started;
      this.loading.set(key, started);
      const settled = () => this.loading.get(key) === started && this.loading.delete(key);
      void started.then(settled, settled);
    }
    return (await loading) as CachedRead<T>;
  }

  /** Drops a key, including a read of it under way (its result was read before the change). */
  delete(key: string): void {
    this.loading.delete(key);
    this.remove(key);
  }

  clear(): void {
    this.loading.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  private put(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.json.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.json.length;
  }
}
