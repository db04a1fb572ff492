/**
 * A small read-through cache for settings-like data that every request needs. Entries expire
 * quickly so a change made through another process shows up within `ttlMs`.
 */
export class TtlCache<T> {
  private value: { data: T; expires: number } | null = null;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    if (this.value && this.value.expires > Date.now()) return this.value.data;
    this.pending ??= this.load()
      .then((data) => {
        this.value = { data, expires: Date.now() + this.ttlMs };
        return data;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  clear() {
    this.value = null;
  }
}
