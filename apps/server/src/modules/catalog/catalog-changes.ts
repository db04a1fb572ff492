import { DEFAULT_CATALOG_POLL_MS } from '../../config';
import type { AppDeps } from '../../deps';
import { TtlCache } from '../../lib/ttl-cache';
import { type FlashPrice, findRunningFlashPriceList } from '../products/listing.repository';
import { findCatalogState } from './catalog.repository';

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
  /** The flash prices running when the state was last read (a sale starting or ending is a change). */
  private flash: readonly FlashPrice[] = [];
  private readonly poll: TtlCache<void>;

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock'>,
    pollMs = CATALOG_POLL_MS,
  ) {
    this.poll = new TtlCache(pollMs, () => this.read());
  }

  /** Reads the catalogue's state unless it was read less than CATALOG_POLL_MS ago. */
  observe(): Promise<void> {
    return this.poll.get();
  }

  /** True when nothing that could change a reply built at `builtAt` happened since (ms, API clock). */
  async unchangedSince(builtAt: number): Promise<boolean> {
    await this.observe();
    return builtAt >= this.changedAt + CATALOG_SETTLE_MS;
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

  /** The count of changes seen so far (after `observe`), to stamp a reply built now. */
  generation(): number {
    return this.seen;
  }

  /**
   * Whether a reply built at `builtAt` under `generation` (both taken after `observe`) may still be
   * served: no change seen since. One built while a change may still have been committing
   * (CATALOG_SETTLE_MS) is served until that time is over, then built once more.
   */
  current(builtAt: number, generation: number): boolean {
    if (generation !== this.seen) return false;
    const settledAt = this.changedAt + CATALOG_SETTLE_MS;
    return builtAt >= settledAt || this.deps.clock.now().getTime() < settledAt;
  }

  private async read(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const [state, flash] = await Promise.all([
      findCatalogState(this.deps.database.db, new Date(now)),
      findRunningFlashPriceList(this.deps.database.db, new Date(now)),
    ]);
    this.flash = flash;
    const boundaryPassed = this.nextBoundary !== null && now >= this.nextBoundary;
    if (state.version !== this.version || boundaryPassed || this.version === undefined) {
      this.changedAt = now;
      this.seen++;
    }
    this.version = state.version;
    this.nextBoundary = state.nextBoundary?.getTime() ?? null;
  }
}
