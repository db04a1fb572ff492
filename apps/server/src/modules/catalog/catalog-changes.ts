import { DEFAULT_CATALOG_POLL_MS } from '../../config';
import type { AppDeps } from '../../deps';
import type { ChangeKind, ChangeStamp, ListingScope, ReplyDependencies } from '../../lib/shared-reply';
import { TtlCache } from '../../lib/ttl-cache';
import {
  deleteOldCatalogueChanges,
  type FlashPrice,
  findCatalogState,
  findRecentCatalogueChanges,
  findRunningFlashPriceList,
} from './catalog.repository';

/**
 * How often a process looks at the catalogue's version by default (one cheap statement; the
 * CATALOG_POLL_MS setting): a change is seen by every process within this, so a seller's save is
 * on the storefront within a second.
 */
export const CATALOG_POLL_MS = DEFAULT_CATALOG_POLL_MS;
/**
 * The version moves when a writing statement runs, before its transaction commits: anything built
 * this soon after a move may have read the data before the write, and is built again.
 */
export const CATALOG_SETTLE_MS = 2000;
/** A logged product write is read by every process for at least this long after it is written. */
const LOG_WINDOW_MS = 10_000;
/** Logged product writes are removed this long after they were written (every process has read them). */
const LOG_KEPT_MS = 60_000;
/** How often a process removes the old ones. */
const LOG_PRUNE_EVERY_MS = 10_000;
/** A write of more products than this at once (an import's batch) counts as a change of everything. */
const MAX_PRODUCTS_PER_CHANGE = 1000;
/** How many changed products a process remembers; past it, it forgets them all (a change of everything). */
const MAX_PRODUCTS_REMEMBERED = 200_000;
/** How many placement writes a process remembers to check listings against; older ones are forgotten. */
const MAX_PLACEMENTS_REMEMBERED = 5000;

/** A write that can move products between listings: where the products were and are (null: unknown). */
interface PlacementChange {
  step: number;
  text: boolean;
  shops: ReadonlySet<number> | null;
  brands: ReadonlySet<number> | null;
  categories: ReadonlySet<number> | null;
  prices: readonly number[] | null;
}

const setOf = (values: number[] | null) => (values === null ? null : new Set(values));
const within = (set: ReadonlySet<number> | null, value: number | undefined) =>
  value === undefined || set === null || set.has(value);

/** Whether the write can move a product into or out of the listing (or suggestions) `listed`. */
function canMove(change: PlacementChange, listed: ListingScope | 'names'): boolean {
  if (listed === 'names') return change.text;
  if (!within(change.categories, listed.categoryId)) return false;
  if (!within(change.brands, listed.brandId)) return false;
  if (!within(change.shops, listed.shopId)) return false;
  if (change.prices === null || (listed.minPrice === undefined && listed.maxPrice === undefined)) return true;
  const { minPrice = Number.NEGATIVE_INFINITY, maxPrice = Number.POSITIVE_INFINITY } = listed;
  return change.prices.some((price) => price >= minPrice && price <= maxPrice);
}

/**
 * Tells whether the catalogue may have changed since a moment: a write to any table that product
 * listings, details, suggestions and the home page are made of (migrations 0009, 0035), or a
 * flash sale, a banner or an ad starting or ending, since then. Shared replies use it to keep a reply past its time when nothing changed,
 * instead of building it again on a timer. Read at most once per CATALOG_POLL_MS per process.
 */
export class CatalogChanges {
  private version: string | undefined;
  private nextBoundary: number | null = null;
  /** When this process last saw the catalogue change (ms, on the API clock). */
  private changedAt = Number.POSITIVE_INFINITY;
  /** How many changes this process has seen: a reply built under an older count is out of date. */
  private seen = 0;
  /** How many changes that can move a product between listings (or of everything) it has seen. */
  private placementSeen = 0;
  /** How many changes of everything (not of some products) this process has seen. */
  private globalSeen = 0;
  /** How many logged product writes this process has applied, and when each product last had one. */
  private step = 0;
  private readonly productStep = new Map<number, number>();
  /** The last product write that could move a product between listings, and the recent ones. */
  private placementStep = 0;
  private readonly placements: PlacementChange[] = [];
  /** The last placement write forgotten: a reply built before it cannot be checked. */
  private forgottenStep = 0;
  /** When this process last saw a product written (ms, on the API clock). */
  private productChangedAt = Number.NEGATIVE_INFINITY;
  /** Logged writes applied (by id), with when, to apply each once while the window shows it. */
  private readonly applied = new Map<string, number>();
  private prunedAt = 0;
  /** The highest logged write's id seen: anything above it is new, whenever it was written. */
  private lastId = '0';
  private readonly windowMs: number;
  /** The flash prices running when the state was last read (a sale starting or ending is a change). */
  private flash: readonly FlashPrice[] = [];
  /**
   * With a read replica: a change of everything the replica may not have replayed yet, and the
   * primary's WAL position it must reach (read once the change settled). Until it does, replies
   * are rebuilt from the replica's older data; once it has, they are all built once more.
   */
  private replicaPending = false;
  private replicaTarget: string | null = null;
  /** When the replica was last seen to have caught up with a change of everything (ms, API clock). */
  private replicaCaughtUpAt = Number.NEGATIVE_INFINITY;
  private readonly poll: TtlCache<void>;

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock'>,
    pollMs = CATALOG_POLL_MS,
  ) {
    this.poll = new TtlCache(pollMs, () => this.read());
    this.windowMs = Math.max(LOG_WINDOW_MS, 4 * pollMs);
  }

  /** Reads the catalogue's state unless it was read less than CATALOG_POLL_MS ago. */
  observe(): Promise<void> {
    return this.poll.get();
  }

  /** True when nothing that could change a reply built at `builtAt` happened since (ms, API clock). */
  async unchangedSince(builtAt: number): Promise<boolean> {
    await this.observe();
    return (
      builtAt >= this.changedAt + CATALOG_SETTLE_MS &&
      builtAt >= this.productChangedAt &&
      !this.replicaPending &&
      builtAt >= this.replicaCaughtUpAt
    );
  }

  /** Where the history stands now (after `observe`), to stamp a reply that names what it shows. */
  stamp(): ChangeStamp {
    return { global: this.globalSeen, step: this.step };
  }

  /**
   * Whether a reply built at `builtAt` (stamped `stamp`) that shows `deps` may still be served: no
   * change of everything since (with the settling of `current`), no write to a product it shows,
   * and for a listing no write that could move a product into or out of it. A product write is
   * logged in its transaction, so it is seen only once committed: no settling time for it.
   */
  currentFor(builtAt: number, stamp: ChangeStamp, deps: ReplyDependencies): boolean {
    if (stamp.global !== this.globalSeen) return false;
    const settledAt = this.changedAt + CATALOG_SETTLE_MS;
    if (builtAt < settledAt && this.deps.clock.now().getTime() >= settledAt) return false;
    return this.productsUnchanged(stamp, deps);
  }

  /** As currentFor, for a reply past its time: kept only when nothing it shows changed since it was built. */
  async unchangedFor(builtAt: number, stamp: ChangeStamp, deps: ReplyDependencies): Promise<boolean> {
    await this.observe();
    return (
      stamp.global === this.globalSeen &&
      builtAt >= this.changedAt + CATALOG_SETTLE_MS &&
      !this.replicaPending &&
      this.productsUnchanged(stamp, deps)
    );
  }

  private productsUnchanged(stamp: ChangeStamp, deps: ReplyDependencies): boolean {
    if (stamp.step === this.step) return true;
    for (const id of deps.products) if ((this.productStep.get(id) ?? 0) > stamp.step) return false;
    const { listed } = deps;
    if (listed === undefined || this.placementStep <= stamp.step) return true;
    if (this.forgottenStep > stamp.step) return false;
    for (let i = this.placements.length - 1; i >= 0; i--) {
      const change = this.placements[i] as PlacementChange;
      if (change.step <= stamp.step) break;
      if (canMove(change, listed)) return false;
    }
    return true;
  }

  /**
   * The prices of the running flash sales, as of the last look (at most the poll's time ago): read
   * with the catalogue's state instead of by every listing. A sale starting, ending, selling out or
   * changed is a change, so a reply built with the list it replaced is built again.
   */
  async runningFlashPrices(): Promise<readonly FlashPrice[]> {
    await this.observe();
    return this.flash;
  }

  /**
   * The count of changes seen so far (after `observe`), to stamp a reply built now; with
   * 'placement', only those that can move a product between listings (or change everything): what
   * counts and facets follow, which a sale does not change.
   */
  generation(kind: ChangeKind = 'any'): number {
    return kind === 'placement' ? this.placementSeen : this.seen;
  }

  /**
   * Whether a reply built at `builtAt` under `generation` (both taken after `observe`) may still be
   * served: no change seen since. One built while a change may still have been committing
   * (CATALOG_SETTLE_MS) is served until that time is over, then built once more.
   */
  current(builtAt: number, generation: number, kind: ChangeKind = 'any'): boolean {
    if (generation !== this.generation(kind)) return false;
    const settledAt = this.changedAt + CATALOG_SETTLE_MS;
    return builtAt >= settledAt || this.deps.clock.now().getTime() < settledAt;
  }

  private async read(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const { db, replica, replication } = this.deps.database;
    // The version on the primary: a standby sees a sequence move only once per 32 of its values
    // (sequences are logged ahead in batches). The log and the flash prices on the replica, where
    // the replies are read: a product write is seen there with the data it wrote.
    const [state, flash, logged] = await Promise.all([
      findCatalogState(db, new Date(now)),
      findRunningFlashPriceList(replica, new Date(now)),
      findRecentCatalogueChanges(replica, this.windowMs, this.lastId),
    ]);
    this.flash = flash;
    const first = this.version === undefined;
    const boundaryPassed = this.nextBoundary !== null && now >= this.nextBoundary;
    let everything = state.version !== this.version || boundaryPassed || first;
    for (const change of logged) {
      if (this.applied.has(change.id)) continue;
      this.applied.set(change.id, now);
      if (BigInt(change.id) > BigInt(this.lastId)) this.lastId = change.id;
      // Whatever was written before the first look is in what is built after it.
      if (first) continue;
      const ids = change.productIds;
      if (ids === null || ids.length > MAX_PRODUCTS_PER_CHANGE) {
        everything = true;
        continue;
      }
      this.step++;
      for (const id of ids) this.productStep.set(id, this.step);
      if (change.placement) {
        this.placementSeen++;
        this.placementStep = this.step;
        this.placements.push({
          step: this.step,
          text: change.text,
          shops: setOf(change.shops),
          brands: setOf(change.brands),
          categories: setOf(change.categories),
          prices: change.prices,
        });
        if (this.placements.length > MAX_PLACEMENTS_REMEMBERED) {
          this.forgottenStep = (this.placements.shift() as PlacementChange).step;
        }
      }
      this.productChangedAt = now;
      this.seen++;
    }
    if (this.productStep.size > MAX_PRODUCTS_REMEMBERED) {
      this.productStep.clear();
      everything = true;
    }
    if (everything) {
      this.changedAt = now;
      this.everythingChanged();
      this.replicaPending = replication !== undefined;
      this.replicaTarget = null;
    }
    if (replication && this.replicaPending && now >= this.changedAt + CATALOG_SETTLE_MS) {
      // Settled on the primary: where its WAL stands now holds the change, committed.
      this.replicaTarget ??= await replication.primaryPosition();
      if (await replication.replayed(this.replicaTarget)) {
        this.replicaPending = false;
        this.replicaCaughtUpAt = now;
        // What was built from the replica before it replayed the change is built once more.
        this.everythingChanged();
      }
    }
    for (const [id, at] of this.applied) {
      if (at >= now - 2 * this.windowMs) break;
      this.applied.delete(id);
    }
    if (now - this.prunedAt >= LOG_PRUNE_EVERY_MS) {
      this.prunedAt = now;
      deleteOldCatalogueChanges(db, Math.max(LOG_KEPT_MS, 2 * this.windowMs)).catch(() => undefined);
    }
    this.version = state.version;
    this.nextBoundary = state.nextBoundary?.getTime() ?? null;
  }

  private everythingChanged(): void {
    this.seen++;
    this.placementSeen++;
    this.globalSeen++;
  }
}
