/**
 * Read-through caches for public data that every request needs (settings, the home page). Entries
 * expire quickly so a change made through another process shows up within the TTL; concurrent
 * misses for one key share a single load. A TTL of 0 turns caching off.
 */
export class KeyedTtlCache<V> {
  private readonly entries = new Map<string, { data: V; expires: number }>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.data;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = load()
        .then((data) => {
          // Bounded: page numbers come from visitors, so drop the oldest entry past the cap.
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(key, { data, expires: Date.now() + this.ttlMs });
          return data;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  clear() {
    this.entries.clear();
  }
}

/** A single cached value. */
export class TtlCache<T> {
  private readonly cache: KeyedTtlCache<T>;

  constructor(
    ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {
    this.cache = new KeyedTtlCache<T>(ttlMs, 1);
  }

  get(): Promise<T> {
    return this.cache.get('', this.load);
  }

  clear() {
    this.cache.clear();
  }
}
