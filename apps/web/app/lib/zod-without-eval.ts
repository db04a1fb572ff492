/**
 * Zod compiles its object parsers with `new Function` when it may, and first probes whether it
 * may. The pages' Content-Security-Policy allows no eval, so in the browser the probe was blocked
 * and reported as a CSP violation on every page that parsed a reply. `jitless` makes Zod parse
 * without compiling, and so without the probe. Set through the global Zod reads its
 * config from, so the startup scripts need not import Zod, and before any schema
 * is built: root.tsx imports this first. The server keeps its compiled parsers. The object Zod
 * reads is changed, never replaced: when a bundle evaluates Zod before this module (a chunk shared
 * by the pages can carry it), Zod already holds that object, and a new one would go unseen.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== 'undefined') {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}

// A module of its own (imported for its effect), so that its tests can import it again.
export {};
