import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyedTtlCache, TtlCache } from './ttl-cache';

describe('KeyedTtlCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses a value until its time is up, per key', async () => {
    vi.useFakeTimers();
    const cache = new KeyedTtlCache<number>(10_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    vi.advanceTimersByTime(10_001);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('holds at most maxBytes by sizeOf, the least recently used going first, and counts a grown entry again', async () => {
    const sizes = new Map<string, number>([
      ['a', 40],
      ['b', 40],
      ['c', 40],
    ]);
    const cache = new KeyedTtlCache<string>(60_000, 100, { maxBytes: 100, sizeOf: (v) => sizes.get(v) ?? 1 });
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(cache.bytes).toBe(80);
    // 'a' asked again, so 'b' is the least recently used when 'c' comes.
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    expect(cache.bytes).toBe(80);
    expect(loads).toBe(3);
    await cache.get('a', load('a'));
    expect(loads).toBe(3);
    await cache.get('b', load('b'));
    expect(loads).toBe(4);
    // An entry that grew is counted again: past the budget the least recently used go.
    sizes.set('b', 90);
    cache.resized('b', 'b');
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.bytes).toBe(90);
  });

  it('loads again, within its time, an entry its check says changed: waiting for it, or serving it once more', async () => {
    const cache = new KeyedTtlCache<number>(60_000, 10, { staleMs: 60_000 });
    let loads = 0;
    let version = 1;
    const load = async () => {
      loads++;
      return version;
    };
    const current = (entry: number) => entry === version;
    expect(await cache.get('k', load, { current })).toBe(1);
    expect(await cache.get('k', load, { current })).toBe(1);
    version = 2;
    expect(await cache.get('k', load, { current })).toBe(2);
    expect(loads).toBe(2);

    const stale = { current, staleWhenChanged: true };
    version = 3;
    expect(await cache.get('k', load, stale)).toBe(2);
    await vi.waitFor(() => expect(loads).toBe(3));
    expect(await cache.get('k', load, stale)).toBe(3);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new KeyedTtlCache<number>(10_000);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not cache with a TTL of 0, nor a failed load', async () => {
    const off = new KeyedTtlCache<number>(0);
    let loads = 0;
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    expect(loads).toBe(2);

    const on = new KeyedTtlCache<number>(10_000);
    await expect(on.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await on.get('k', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = new KeyedTtlCache<string>(10_000, 2);
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    await cache.get('1', load('1'));
    await cache.get('2', load('2'));
    await cache.get('3', load('3'));
    expect(loads).toBe(3);
    await cache.get('1', load('1'));
    expect(loads).toBe(4);
  });

  it('with staleMs, serves an expired entry for that long while one load replaces it', async () => {
    vi.useFakeTimers();
    const cache = new KeyedTtlCache<number>(10_000, 500, { staleMs: 10_000 });
    let loads = 0;
    let release: (() => void) | undefined;
    const slowLoad = () =>
      new Promise<number>((resolve) => {
        loads++;
        release = () => resolve(loads);
      });
    const first = cache.get('k', slowLoad);
    release?.();
    expect(await first).toBe(1);
    vi.advanceTimersByTime(10_001);
    // Past its TTL: the old value at once, and a single refresh for any number of requests.
    expect(await cache.get('k', slowLoad)).toBe(1);
    expect(await cache.get('k', slowLoad)).toBe(1);
    expect(loads).toBe(2);
    release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get('k', slowLoad)).toBe(2);
    // Older than two TTLs: loaded while the visitor waits.
    vi.advanceTimersByTime(20_001);
    const waited = cache.get('k', slowLoad);
    release?.();
    expect(await waited).toBe(3);
  });

  it('with staleMs, keeps the old entry when a refresh fails', async () => {
    vi.useFakeTimers();
    const cache = new KeyedTtlCache<number>(10_000, 500, { staleMs: 10_000 });
    expect(await cache.get('k', async () => 1)).toBe(1);
    vi.advanceTimersByTime(10_001);
    const failing = () => Promise.reject(new Error('down'));
    expect(await cache.get('k', failing)).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get('k', failing)).toBe(1);
    vi.advanceTimersByTime(10_000);
    await expect(cache.get('k', failing)).rejects.toThrow('down');
  });

  it('TtlCache caches its one value and forgets it on clear', async () => {
    let loads = 0;
    const cache = new TtlCache(10_000, async () => ++loads);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    cache.clear();
    expect(await cache.get()).toBe(2);
  });
});
