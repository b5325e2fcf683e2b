import { JsonText } from './json-text.js';
import { countReadCacheLookup } from './metrics.js';

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
  /** What the entry is counted as against the budget, in bytes (an estimate). */
  cost: number;
}

/** Where a listing's public profile is kept: dropped when PostgreSQL announces a change of it. */
export function listingProfileKey(siteId: number, slug: string): string {
  return `listing:${siteId}:${slug}`;
}

/**
 * An entry's estimated memory: its key and JSON text (two bytes a character at worst), the parsed
 * value (about as much again as the text) and the map's own bookkeeping.
 */
function costOf(key: string, json: string): number {
  return 2 * key.length + 4 * json.length + 200;
}

const sweepEveryMs = 10_000;

/**
 * A short-lived in-process cache of public read results, shared by no one (each api process has
 * its own): a result is served for at most its time to live (`ttlMs` unless a read asks for
 * another), or until `delete` drops it. Concurrent misses of one key share one read, and a read
 * that was under way when its key was dropped is returned but not kept. Only results that are the
 * same for every caller may be put here. `ttlMs` 0 turns the whole cache off. Memory is bounded
 * by an estimate of the entries' size and by their number, the oldest going first; expired
 * entries are swept every 10 s.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = 128 * 2 ** 20,
    private readonly maxEntries = 50_000,
  ) {
    if (ttlMs > 0) setInterval(() => this.sweep(), sweepEveryMs).unref();
  }

  /** A hit is answered at once, not through a promise: most public reads are hits. */
  get<T>(key: string, read: () => Promise<T>, ttlMs = this.ttlMs): CachedRead<T> | Promise<CachedRead<T>> {
    if (this.ttlMs === 0) return read().then((value) => ({ value }));
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) {
      countReadCacheLookup('hit');
      return entry as CachedRead<T>;
    }
    let loading = this.loading.get(key);
    countReadCacheLookup(loading ? 'shared' : 'miss');
    if (!loading) {
      const started: Promise<Entry> = read().then((value) => {
        const json = value instanceof JsonText ? value.text : JSON.stringify(value);
        const fresh = { value, json, expiresAt: Date.now() + ttlMs, cost: costOf(key, json) };
        if (this.loading.get(key) === started && ttlMs > 0) this.put(key, fresh);
        return fresh;
      });
      loading = started;
      this.loading.set(key, started);
      const settled = () => this.loading.get(key) === started && this.loading.delete(key);
      void started.then(settled, settled);
    }
    return loading as Promise<CachedRead<T>>;
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
    this.bytes += entry.cost;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldest);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.cost;
  }
}
