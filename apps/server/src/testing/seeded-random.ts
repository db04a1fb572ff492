/**
 * The seed of a randomised test run: SEED=n replays one (tests print the seed they used), else a
 * new one per run.
 */
export function testSeed(): number {
  return Number(process.env.SEED ?? Date.now() % 1_000_000);
}

/** Integers in [min, max] from a seed (mulberry32): the same seed gives the same rounds. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return (min: number, max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return min + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (max - min + 1));
  };
}
