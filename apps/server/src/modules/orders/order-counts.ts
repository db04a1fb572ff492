import type { AppDeps } from '../../deps';
import { addProductsSold, addShopOrders } from './orders.repository';

/** How long placed orders wait before they are added to their shops' and products' counts. */
const FLUSH_DELAY_MS = 1_000;
/** Products whose sold counts one statement (one transaction) writes. */
const PRODUCTS_PER_STATEMENT = 16;

/**
 * The shops' order counts and the products' sold counts (sort keys of the shop and product lists,
 * and the "sold" figure of a card), kept off the placement's path: each placement adds here and
 * the counts go to the database together, at most a second later, in one statement per table in
 * id order. Updated by every placement, a shop's row made the placements at that shop wait for
 * each other (and two placements counting the same shops in another order deadlocked); a
 * product's sold count is in five of its indexes and in the category listing copy, so a placement
 * that changed it rewrote all of them for each line instead of changing the stock in place. A
 * crash loses at most the last second's additions to these figures; the orders and the stock are
 * committed before they are counted.
 *
 * The sold counts go in chunks of PRODUCTS_PER_STATEMENT products, each its own short transaction:
 * a placement that wants one of those products waits for one chunk at most, never for the whole
 * second's counts (a product's new count rewrites its indexes: ~0.1 ms each). The timer's writes
 * leave out the products a placement holds right then, for the next write, instead of waiting for
 * them; `flush()` (a cancellation giving counts back, the process stopping) waits for them.
 */
export class OrderCounts {
  private shops = new Map<number, number>();
  private sold = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;
  private writeWaiters: (() => void)[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'log'>,
    private readonly delayMs = FLUSH_DELAY_MS,
  ) {}

  /** One more order for each of these shops, and each product's quantity sold. */
  add(shopIds: readonly number[], sold: ReadonlyMap<number, number>) {
    for (const id of shopIds) this.shops.set(id, (this.shops.get(id) ?? 0) + 1);
    for (const [id, n] of sold) this.sold.set(id, (this.sold.get(id) ?? 0) + n);
    this.schedule();
  }

  /** Writes what is pending, before the database closes; nothing is written after. */
  async stop() {
    this.stopped = true;
    await this.flush();
  }

  /** Settles when the next write (the timer's or a flush) has finished: something to wait on instead of a sleep. */
  nextWrite(): Promise<void> {
    return new Promise((resolve) => this.writeWaiters.push(resolve));
  }

  /** Writes what is pending now, waiting for rows a placement holds (and for a write under way). */
  flush(): Promise<void> {
    return this.write({ skipLocked: false });
  }

  private write({ skipLocked }: { skipLocked: boolean }): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const shops = this.shops;
    const sold = this.sold;
    this.shops = new Map();
    this.sold = new Map();
    this.flushing = this.flushing.then(async () => {
      await this.writeNow(shops, sold, skipLocked);
      for (const resolve of this.writeWaiters.splice(0)) resolve();
    });
    return this.flushing;
  }

  private async writeNow(shops: Map<number, number>, sold: Map<number, number>, skipLocked: boolean) {
    if (shops.size === 0 && sold.size === 0) return;
    const db = this.deps.database.fixedPlans;
    try {
      await addShopOrders(db, shops);
      shops.clear();
      const ids = [...sold.keys()].sort((a, b) => a - b);
      for (let i = 0; i < ids.length; i += PRODUCTS_PER_STATEMENT) {
        const chunk = new Map(ids.slice(i, i + PRODUCTS_PER_STATEMENT).map((id) => [id, sold.get(id) ?? 0]));
        const held = new Set(await addProductsSold(db, chunk, { skipLocked }));
        // Written (or the product is gone): done. Held by a placement just now: left in `sold`.
        for (const id of chunk.keys()) if (!held.has(id)) sold.delete(id);
      }
      // Products a placement held: written with the next counts.
      if (sold.size > 0) this.keep(shops, sold);
    } catch (error) {
      // Kept for the next write: a count is late, never lost while the process runs.
      this.deps.log.warn({ err: error }, 'order counts not updated; trying again');
      this.keep(shops, sold);
    }
  }

  /** Puts counts not written back with the pending ones, for the next write. */
  private keep(shops: ReadonlyMap<number, number>, sold: ReadonlyMap<number, number>) {
    for (const [id, n] of shops) this.shops.set(id, (this.shops.get(id) ?? 0) + n);
    for (const [id, n] of sold) this.sold.set(id, (this.sold.get(id) ?? 0) + n);
    this.schedule();
  }

  private schedule() {
    if (this.timer || this.stopped || (this.shops.size === 0 && this.sold.size === 0)) return;
    this.timer = setTimeout(() => void this.write({ skipLocked: true }), this.delayMs);
    this.timer.unref();
  }
}
