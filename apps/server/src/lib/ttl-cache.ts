import { LRUCache } from 'lru-cache';
import { type CacheCounts, cacheCounts } from './runtime-stats';

/**
 * Read-through caches for public data that every request needs (settings, the home page). Entries
 * expire quickly so a change made through another process shows up within the TTL; concurrent
 * misses for one key share a single load. A TTL of 0 turns caching off.
 *
 * With `staleMs`, an entry past its TTL is still served for up to that long while a single load
 * replaces it, so a key asked now and then never makes visitors wait for its refresh; an entry
 * past both (or whose refresh failed until then) is loaded as on a miss.
 */
export class KeyedTtlCache<V> {
  /** Least recently used first out: past `maxEntries`, or past `maxBytes` by `sizeOf`. */
  private readonly entries: LRUCache<string, { data: V; expires: number }>;
  private readonly pending = new Map<string, Promise<V>>();
  /** How it answers, under its name in the metrics (lib/runtime-stats.ts). */
  private readonly counts: CacheCounts;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 500,
    private readonly options: {
      staleMs?: number;
      name?: string;
      /** With `sizeOf`: the bytes the entries may hold in all (the least recently used go first). */
      maxBytes?: number;
      /** An entry's size in bytes, as it is now (`resized` asks again when it changed). */
      sizeOf?: (value: V) => number;
    } = {},
  ) {
    this.counts = cacheCounts(options.name ?? 'other');
    const { maxBytes, sizeOf } = options;
    this.entries = new LRUCache({
      max: Math.max(1, maxEntries),
      ...(maxBytes !== undefined && sizeOf
        ? { maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => Math.max(1, Math.ceil(sizeOf(entry.data))) }
        : {}),
    });
  }

  /** Counts an entry's size again (it grew, say, once its JSON was made); the largest may then go. */
  resized(key: string, value: V): void {
    const entry = this.entries.peek(key);
    // A new object: lru-cache counts the size of a value set again only when it is another one.
    if (entry && entry.data === value) this.entries.set(key, { ...entry });
  }

  /** The bytes held (by `sizeOf`; 0 without it). */
  get bytes(): number {
    return this.entries.calculatedSize ?? 0;
  }

  /**
   * `load` gets the entry it replaces, if any, and may hand it back to keep it for another TTL.
   * `current` tells whether an entry within its time is still right (the data it was made of did
   * not change); one that is not is loaded again, the callers waiting for it, or, with
   * `staleWhenChanged`, served once more while it is loaded (as one past its time).
   */
  async get(
    key: string,
    load: (previous: V | undefined) => Promise<V>,
    check?: { current: (entry: V) => boolean; staleWhenChanged?: boolean },
  ): Promise<V> {
    if (this.ttlMs <= 0) {
      this.counts.miss++;
      return load(undefined);
    }
    const hit = this.entries.get(key);
    const now = Date.now();
    const changed = hit !== undefined && check !== undefined && !check.current(hit.data);
    if (hit && changed && !check?.staleWhenChanged) {
      this.counts.miss++;
      return this.pending.get(key) ?? this.fill(key, load);
    }
    if (hit && hit.expires > now && !changed) {
      this.counts.hit++;
      return hit.data;
    }
    if (hit && hit.expires + (this.options.staleMs ?? 0) > now) {
      this.counts.stale++;
      // A failed refresh keeps the old entry; the next request past its TTL tries again.
      if (!this.pending.has(key)) this.fill(key, load).catch(() => undefined);
      return hit.data;
    }
    this.counts.miss++;
    return this.pending.get(key) ?? this.fill(key, load);
  }

  private fill(key: string, load: (previous: V | undefined) => Promise<V>): Promise<V> {
    const pending = load(this.entries.get(key)?.data)
      .then((data) => {
        // Bounded (page numbers come from visitors): the least recently used go past the caps.
        this.entries.set(key, { data, expires: Date.now() + this.ttlMs });
        return data;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, pending);
    return pending;
  }

  clear() {
    this.entries.clear();
  }
}

/**
 * How long public pages' data (home page, category lists, facets, settings, sitemaps) may be served
 * past its time while it is rebuilt: the first visitor after a quiet spell gets the page at once
 * instead of waiting (a facet or sitemap can take tens of ms to build at 100,000 products); the next gets the
 * rebuilt one.
 */
export const PUBLIC_STALE_MS = 5 * 60_000;

/** A single cached value. */
export class TtlCache<T> {
  private readonly cache: KeyedTtlCache<T>;

  constructor(
    ttlMs: number,
    private readonly load: () => Promise<T>,
    options: { staleMs?: number; name?: string } = {},
  ) {
    this.cache = new KeyedTtlCache<T>(ttlMs, 1, options);
  }

  get(): Promise<T> {
    return this.cache.get('', this.load);
  }

  clear() {
    this.cache.clear();
  }
}
