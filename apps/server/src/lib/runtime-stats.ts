/**
 * Counters of this process that the metrics (`/metrics`, plugins/metrics.ts) read when scraped:
 * how in-process caches answer, and how the periodic jobs' passes end. Keyed by a name given in
 * the code (never by data), so the maps stay as small as the number of caches and jobs.
 */
export interface CacheCounts {
  /** Served from the cache within its time. */
  hit: number;
  /** Served from the cache past its time while it is rebuilt. */
  stale: number;
  /** Built (or waited for a build under way) before answering. */
  miss: number;
}
export interface JobCounts {
  ok: number;
  failed: number;
}

const caches = new Map<string, CacheCounts>();
const jobs = new Map<string, JobCounts>();

export function cacheCounts(name: string): CacheCounts {
  let counts = caches.get(name);
  if (!counts) {
    counts = { hit: 0, stale: 0, miss: 0 };
    caches.set(name, counts);
  }
  return counts;
}

export function jobCounts(name: string): JobCounts {
  let counts = jobs.get(name);
  if (!counts) {
    counts = { ok: 0, failed: 0 };
    jobs.set(name, counts);
  }
  return counts;
}

export const runtimeStats = {
  caches: (): ReadonlyMap<string, CacheCounts> => caches,
  jobs: (): ReadonlyMap<string, JobCounts> => jobs,
};
