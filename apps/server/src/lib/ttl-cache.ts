/**
 * Read-through caches for public data that every request needs (settings, the home page). Entries
 * expire quickly so a change made through another process shows up within the TTL; concurrent
 * misses for one key share a single load. A TTL of 0 turns caching off.
 *
 * With `refreshInBackground`, an entry past its TTL is still served for one more TTL while a single
 * load replaces it, so a busy key never makes visitors wait for its refresh; an entry older than
 * two TTLs (or whose refresh failed until then) is loaded as on a miss.
 */
export class KeyedTtlCache<V> {
  private readonly entries = new Map<string, { data: V; expires: number }>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly options: { refreshInBackground?: boolean } = {},
  ) {}

  /** `load` gets the entry it replaces, if any, and may hand it back to keep it for another TTL. */
  async get(key: string, load: (previous: V | undefined) => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load(undefined);
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.data;
    if (hit && this.options.refreshInBackground && hit.expires + this.ttlMs > now) {
      // A failed refresh keeps the old entry; the next request past its TTL tries again.
      if (!this.pending.has(key)) this.fill(key, load).catch(() => undefined);
      return hit.data;
    }
    return this.pending.get(key) ?? this.fill(key, load);
  }

  private fill(key: string, load: (previous: V | undefined) => Promise<V>): Promise<V> {
    const pending = load(this.entries.get(key)?.data)
      .then((data) => {
        // Bounded: page numbers come from visitors, so drop the oldest entry past the cap.
        if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
          this.entries.delete(this.entries.keys().next().value as string);
        }
        this.entries.delete(key);
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
