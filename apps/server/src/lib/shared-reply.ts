import type { Envelope } from '@shop/contracts/envelope';
import type { FastifyReply } from 'fastify';
import type { Clock } from './clock';
import { ok, SUCCESS } from './reply';
import { KeyedTtlCache } from './ttl-cache';

/**
 * What a handler returns for a shared reply: the reply's serializer, set by `send`, writes the
 * stored JSON in its place. One object for all of them, never sent as such.
 */
const STORED_BODY = Object.freeze({ message: 'stored body', data: null });

/**
 * A reply built once for every visitor (no session, no hearts). The first send has the route's
 * reply schema check and serialize it; from then on only that JSON is kept (a listing is
 * ~20 kB as JSON, several times that as objects) and later sends write it as it is, with no
 * validation or serialization per request. A reply marked for one shopper starts from `copy()`.
 */
/** What an entry is counted as before its JSON is made (a listing's is ~20 kB). */
const UNSERIALIZED_BYTES = 16_384;

/** The bytes a string takes in V8: one per character, two when any is past Latin-1. */
export const stringBytes = (text: string) => (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;

export class SharedReply<T> {
  private envelope: Envelope<T> | undefined;
  private body: string | undefined;
  private bodyBytes = 0;
  /** Told once the JSON is made (its cache counts the reply's size again). */
  onSerialized?: () => void;

  /**
   * `builtAt`: when the data was read (ms, API clock), for telling whether it may be out of date.
   * `locale`: the language its data was read in; without it, that of the first request it is sent to.
   */
  constructor(
    data: T,
    readonly builtAt = 0,
    private locale?: string,
    /** The change tracker's count of changes when the data was read. */
    readonly generation = 0,
    /** With `dependencies`: where the tracker's history stood when the data was read. */
    readonly stamp?: ChangeStamp,
    /** What the reply shows (products, a listing): only their changes make it out of date. */
    readonly dependencies?: ReplyDependencies,
  ) {
    this.envelope = ok(data);
  }

  /** The bytes it holds: its JSON once made, an estimate before. */
  size(): number {
    return this.body === undefined ? UNSERIALIZED_BYTES : this.bodyBytes;
  }

  /** The reply's data, read only; as sent once it has been. */
  get data(): T {
    return this.envelope ? this.envelope.data : this.copy();
  }

  /** A deep copy to mark for one visitor. */
  copy(): T {
    if (this.envelope) return structuredClone(this.envelope.data);
    return (JSON.parse(this.body as string) as Envelope<T>).data;
  }

  /** Sends the stored JSON (made now the first time); the handler returns what this returns. */
  send(reply: FastifyReply): Envelope<T> {
    const { request } = reply;
    this.locale ??= request.locale;
    // The stored JSON holds names and the message in one language: a cache keyed wrongly must
    // fail loudly rather than show another language.
    if (request.locale !== this.locale) {
      throw new Error(`A shared reply in "${this.locale}" was about to be sent for "${request.locale}"`);
    }
    if (!this.body) {
      const envelope = this.envelope as Envelope<T>;
      envelope.message = request.t(SUCCESS);
      // Throws (a 500) when the reply breaks its schema; nothing is stored then.
      this.body = reply.serialize(envelope) as string;
      this.bodyBytes = stringBytes(this.body);
      this.envelope = undefined;
      this.onSerialized?.();
    }
    const body = this.body;
    // A reply with its own serializer gets no JSON content type from Fastify, so it is set here.
    // Anything else sent on this reply (an error from a later hook) is serialized as usual.
    reply.type('application/json; charset=utf-8');
    reply.serializer((payload: unknown) => (payload === STORED_BODY ? body : JSON.stringify(payload)));
    return STORED_BODY as unknown as Envelope<T>;
  }
}

/** Where a reply was built in a tracker's history of changes (see CatalogChanges). */
export interface ChangeStamp {
  global: number;
  step: number;
}

/** The products a listing can hold, by the filters a write's log can be checked against (minor units). */
export interface ListingScope {
  categoryId?: number;
  brandId?: number;
  shopId?: number;
  minPrice?: number;
  maxPrice?: number;
}

/** What a reply shows: the products in it, and which writes could move a product into or out of it. */
export interface ReplyDependencies {
  products: readonly number[];
  /**
   * A listing: a write that can move a product of its scope (its category, brand, shop, price
   * band; its other filters are not checked, so any product could be one). Suggestions
   * ('names'): a write to what is searched or published. Product details: none.
   */
  listed?: ListingScope | 'names';
}

/** Which changes a value follows: any, or only those that can move products between listings. */
export type ChangeKind = 'any' | 'placement';

/** Tells whether anything a reply is made of may have changed since a moment (ms, API clock). */
export interface ChangeTracker {
  /** Looks at the data's state now (at most as often as the tracker allows), before a build. */
  observe(): Promise<void>;
  unchangedSince(builtAt: number): Promise<boolean>;
  /** The count of changes seen (after `observe`), stamped on a reply built now. */
  generation(kind?: ChangeKind): number;
  /** Whether a reply built at `builtAt` under `generation` may still be served (after `observe`). */
  current(builtAt: number, generation: number, kind?: ChangeKind): boolean;
  /** Where the history stands (after `observe`), for a reply that names what it shows. */
  stamp(): ChangeStamp;
  /** Whether a reply showing `deps` may still be served: nothing it shows changed (after `observe`). */
  currentFor(builtAt: number, stamp: ChangeStamp, deps: ReplyDependencies): boolean;
  /** Whether nothing a reply showing `deps` shows changed since it was built (it observes first). */
  unchangedFor(builtAt: number, stamp: ChangeStamp, deps: ReplyDependencies): Promise<boolean>;
}

/** With a change tracker, a reply nothing changed is kept for at most this many times its TTL. */
export const UNCHANGED_REPLY_TTLS = 30;

/**
 * Visitor-independent replies reused for PUBLIC_CACHE_SECONDS (0 turns it off), keyed by language
 * and the parsed query, at most `maxEntries` of them. A reply past its time is served once more
 * while it is rebuilt in the background (KeyedTtlCache's staleMs), so a busy page never
 * waits for the database. With `changes`, a reply past its time whose data did not change is kept
 * for another TTL without reading anything (up to UNCHANGED_REPLY_TTLS of them in all).
 */
export class SharedReplies<T> {
  private readonly cache: KeyedTtlCache<SharedReply<T>>;

  /** The bytes its replies hold (their JSON; an estimate for one not sent yet). */
  get bytes(): number {
    return this.cache.bytes;
  }
  private readonly maxAgeMs: number;

  constructor(
    ttlSeconds: number,
    maxEntries: number,
    private readonly freshness?: { clock: Clock; changes: ChangeTracker },
    /** Its name in the metrics' cache counts; with `maxBytes`, the bytes its replies may hold in all. */
    name: string | { name: string; maxBytes: number } = 'replies',
    /**
     * What a reply shows (with `freshness`): then only a change of those products (or of
     * everything) makes it out of date, instead of any change of the catalogue.
     */
    private readonly dependsOn?: (data: T) => ReplyDependencies,
  ) {
    const { name: cacheName, maxBytes } = typeof name === 'string' ? { name, maxBytes: undefined } : name;
    this.cache = new KeyedTtlCache(ttlSeconds * 1000, maxEntries, {
      staleMs: ttlSeconds * 1000,
      name: cacheName,
      maxBytes,
      sizeOf: (reply) => reply.size(),
    });
    this.maxAgeMs = ttlSeconds * 1000 * UNCHANGED_REPLY_TTLS;
  }

  /** `dependsOn`: what this reply shows, when it depends on the query too (a listing's scope). */
  async get(
    locale: string,
    query: unknown,
    load: () => Promise<T>,
    dependsOn: ((data: T) => ReplyDependencies) | undefined = this.dependsOn,
  ): Promise<SharedReply<T>> {
    const key = `${locale}|${JSON.stringify(query)}`;
    const build = async (previous: SharedReply<T> | undefined) => {
      if (previous && (await this.unchanged(previous))) return previous;
      // Seen before reading, so what changes while this is built counts as after it.
      await this.freshness?.changes.observe();
      const builtAt = this.freshness?.clock.now().getTime() ?? 0;
      const generation = this.freshness?.changes.generation() ?? 0;
      const stamp = this.freshness?.changes.stamp();
      const data = await load();
      const reply = new SharedReply(data, builtAt, locale, generation, stamp, dependsOn?.(data));
      reply.onSerialized = () => this.cache.resized(key, reply);
      return reply;
    };
    const changes = this.freshness?.changes;
    if (!changes) return this.cache.get(key, build);
    // A change seen by this process (at most CATALOG_POLL_MS after it was written, on any
    // process) makes the replies built before it wait for a new build: none is served out of date.
    await changes.observe();
    return this.cache.get(key, build, {
      current: (reply) =>
        reply.dependencies && reply.stamp
          ? changes.currentFor(reply.builtAt, reply.stamp, reply.dependencies)
          : changes.current(reply.builtAt, reply.generation),
    });
  }

  private async unchanged(reply: SharedReply<T>): Promise<boolean> {
    if (!this.freshness) return false;
    const now = this.freshness.clock.now().getTime();
    if (now - reply.builtAt >= this.maxAgeMs) return false;
    if (reply.dependencies && reply.stamp) {
      return this.freshness.changes.unchangedFor(reply.builtAt, reply.stamp, reply.dependencies);
    }
    return this.freshness.changes.unchangedSince(reply.builtAt);
  }
}

/** A value of TrackedValues with when, and after which change, it was built. */
interface TrackedValue<V> {
  value: V;
  builtAt: number;
  generation: number;
}

/**
 * Public data that is not a reply of its own (facets, category lists, the home page) kept as
 * shared replies are: for its time, and never past a change the tracker sees. With
 * `staleWhenChanged` (data that takes long to build), the first request after a change gets the
 * previous value while the new one is built, instead of waiting for it.
 */
export class TrackedValues<V> {
  private readonly cache: KeyedTtlCache<TrackedValue<V>>;

  constructor(
    ttlMs: number,
    maxEntries: number,
    private readonly freshness: { clock: Clock; changes: ChangeTracker },
    private readonly options: {
      staleMs?: number;
      staleWhenChanged?: boolean;
      name?: string;
      /** 'placement': a value no sale or stock edit changes (counts, facets). */
      follows?: ChangeKind;
      /** With `sizeOf`: the bytes the values may hold in all (the least recently used go first). */
      maxBytes?: number;
      sizeOf?: (value: V) => number;
      /** Whether a value may be served again; one that may not is built for each request. */
      keep?: (value: V) => boolean;
    } = {},
  ) {
    const { sizeOf } = options;
    this.cache = new KeyedTtlCache<TrackedValue<V>>(ttlMs, maxEntries, {
      staleMs: options.staleMs,
      name: options.name ?? 'values',
      maxBytes: options.maxBytes,
      ...(sizeOf ? { sizeOf: (entry: TrackedValue<V>) => sizeOf(entry.value) } : {}),
    });
  }

  clear(): void {
    this.cache.clear();
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const { clock, changes } = this.freshness;
    await changes.observe();
    const entry = await this.cache.get(
      key,
      async () => {
        await changes.observe();
        const builtAt = clock.now().getTime();
        const generation = changes.generation(this.options.follows);
        return { value: await load(), builtAt, generation };
      },
      {
        current: (e) =>
          (this.options.keep?.(e.value) ?? true) && changes.current(e.builtAt, e.generation, this.options.follows),
        staleWhenChanged: this.options.staleWhenChanged ?? false,
      },
    );
    return entry.value;
  }
}
