import { TtlCache } from './ttl-cache';

/**
 * Watches a version the database moves on every write to some tables (a sequence bumped by a
 * statement trigger), reading it at most once per `pollMs` while it is asked about. When it moves,
 * the listeners run (caches drop what they hold); they run once more `settleMs` later, since the
 * version moves when the writing statement runs, before its transaction commits: what was loaded
 * in between may have missed the write. So every process sees a change within `pollMs` of the
 * first request after it.
 */
export class VersionWatch {
  private seen: string | undefined;
  private settleAt: number | null = null;
  private readonly poll: TtlCache<void>;
  private readonly listeners: (() => void)[] = [];

  constructor(
    read: () => Promise<string>,
    private readonly now: () => number,
    pollMs: number,
    private readonly settleMs: number,
  ) {
    this.poll = new TtlCache(pollMs, async () => {
      const version = await read();
      const moved = this.seen !== undefined && version !== this.seen;
      this.seen = version;
      if (moved) {
        this.settleAt = this.now() + this.settleMs;
        this.changed();
      } else if (this.settleAt !== null && this.now() >= this.settleAt) {
        this.settleAt = null;
        this.changed();
      }
    });
  }

  /** `listener` runs whenever the version is seen to move (and once more after it settled). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Reads the version unless it was read less than `pollMs` ago. */
  observe(): Promise<void> {
    return this.poll.get();
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }
}
