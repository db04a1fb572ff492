import type { AppDeps } from '../../deps';
import { addShopOrders } from './orders.repository';

/** How long placed orders wait before they are added to their shops' counts. */
const FLUSH_DELAY_MS = 1_000;

/**
 * The shops' order counts (a sort key of the shop lists), kept off the placement's path: each
 * placement adds its shops here and the counts go to the database together, at most a second
 * later, in one statement in shop id order. Updated by every placement, a shop's row made the
 * placements at that shop wait for each other, and two placements counting the same shops in
 * another order deadlocked. A crash loses at most the last second's additions to a sort key;
 * the orders themselves are committed before they are counted.
 */
export class ShopOrderCounts {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'log'>,
    private readonly delayMs = FLUSH_DELAY_MS,
  ) {}

  /** One more order for each of these shops. */
  add(shopIds: readonly number[]) {
    for (const id of shopIds) this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    if (this.timer || this.stopped || this.pending.size === 0) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
    this.timer.unref();
  }

  /** Writes what is pending, before the database closes; nothing is written after. */
  async stop() {
    this.stopped = true;
    await this.flush();
  }

  /** Writes what is pending now (and waits for a write under way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      if (batch.size === 0) return;
      try {
        await addShopOrders(this.deps.database.fixedPlans, batch);
      } catch (error) {
        // Kept for the next write: a count is late, never lost while the process runs.
        this.deps.log.warn({ err: error }, 'shop order counts not updated; trying again');
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        if (!this.timer && !this.stopped) {
          this.timer = setTimeout(() => void this.flush(), this.delayMs);
          this.timer.unref();
        }
      }
    });
    return this.flushing;
  }
}
