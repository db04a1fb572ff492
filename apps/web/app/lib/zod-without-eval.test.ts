// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
const global = globalThis as ZodGlobal;
const config = () => global.__zod_globalConfig;

afterEach(() => {
  delete global.__zod_globalConfig;
  vi.resetModules();
});

describe('Zod without eval in the browser', () => {
  it('sets jitless for a Zod that loads after it', async () => {
    delete global.__zod_globalConfig;
    await import('./zod-without-eval');
    expect(config()?.jitless).toBe(true);
  });

  it('sets it on the object a Zod that a bundle evaluated first already holds', async () => {
    // What Zod does when it loads: keeps the global config object it finds (or makes).
    global.__zod_globalConfig ??= {};
    const held = global.__zod_globalConfig;
    await import('./zod-without-eval');
    expect(held.jitless).toBe(true);
  });
});
