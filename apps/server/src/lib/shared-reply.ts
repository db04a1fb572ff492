import type { Envelope } from '@shop/contracts/envelope';
import type { FastifyReply } from 'fastify';
import { ok } from './reply';
import { KeyedTtlCache } from './ttl-cache';

/**
 * A reply built once for every visitor (no session, no hearts): its envelope, and the envelope's
 * JSON, made by the route's reply schema the first time it is sent. Later sends of the same reply
 * write that JSON again instead of validating and serializing the object per request. Never
 * mutate `envelope`; a reply marked for one shopper starts from `copy()`.
 */
export class SharedReply<T> {
  readonly envelope: Envelope<T>;
  private json: string | undefined;

  constructor(data: T) {
    this.envelope = ok(data);
  }

  get data(): T {
    return this.envelope.data;
  }

  /** A deep copy to mark for one visitor. */
  copy(): T {
    return structuredClone(this.envelope.data);
  }

  /** Returns the envelope for the handler to return; it goes out as the JSON made the first time. */
  send(reply: FastifyReply): Envelope<T> {
    if (this.json === undefined) this.json = reply.serialize(this.envelope) as string;
    const json = this.json;
    const envelope = this.envelope;
    // Anything else sent on this reply (an error from a later hook) is serialized as usual. A reply
    // with its own serializer gets no JSON content type from Fastify, so it is set here.
    reply.type('application/json; charset=utf-8');
    reply.serializer((payload: unknown) => (payload === envelope ? json : JSON.stringify(payload)));
    return envelope;
  }
}

/**
 * Visitor-independent replies reused for PUBLIC_CACHE_SECONDS (0 turns it off), keyed by language
 * and the parsed query, at most `maxEntries` of them. A reply past its time is served once more
 * while it is rebuilt in the background (KeyedTtlCache's refreshInBackground), so a busy page never
 * waits for the database.
 */
export class SharedReplies<T> {
  private readonly cache: KeyedTtlCache<SharedReply<T>>;

  constructor(ttlSeconds: number, maxEntries: number) {
    this.cache = new KeyedTtlCache(ttlSeconds * 1000, maxEntries, { refreshInBackground: true });
  }

  get(locale: string, query: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
    return this.cache.get(`${locale}|${JSON.stringify(query)}`, async () => new SharedReply(await load()));
  }
}
