import fastifyCompress from '@fastify/compress';
import { envelope } from '@shop/contracts/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18nPlugin } from '../plugins/i18n';
import { Translator } from './messages';
import { SharedReplies, SharedReply } from './shared-reply';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A route whose reply schema counts its checks and drops keys it does not know, as zod does. */
async function serve(shared: () => SharedReply<{ name: string; extra?: string }>, options = { compress: false }) {
  const counter = { checks: 0 };
  const schema = envelope(z.object({ name: z.string().refine((name) => ++counter.checks > 0 && name !== 'invalid') }));
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(i18nPlugin, {
    supportedLocales: async () => ['en', 'ar'],
    translator: new Translator(new Map([['ar', { Success: 'تمت العملية بنجاح' }]])),
  });
  if (options.compress) await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/thing', { schema: { response: { 200: schema } } }, async (_request, reply) => shared().send(reply));
  await app.ready();
  return counter;
}

describe('SharedReply', () => {
  it('checks and serializes the reply once, then sends the same JSON to every visitor', async () => {
    const shared = new SharedReply({ name: 'Kopi', extra: 'not in the schema' });
    const counter = await serve(() => shared);
    const first = await app!.inject('/thing');
    const second = await app!.inject('/thing');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toEqual({ message: 'Success', data: { name: 'Kopi' } });
    expect(second.body).toBe(first.body);
    expect(counter.checks).toBe(1);
    // Only the sent JSON is kept: what the schema let through.
    expect(shared.data).toEqual({ name: 'Kopi' });
    expect(shared.copy()).not.toBe(shared.copy());
  });

  it('is compressed like any reply when the client asks for it', async () => {
    const shared = new SharedReply({ name: 'Kopi '.repeat(400) });
    await serve(() => shared, { compress: true });
    const res = await app!.inject({ url: '/thing', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('fails a reply that breaks its schema with a 500 every time, never caching it', async () => {
    const shared = new SharedReply({ name: 'invalid' });
    const counter = await serve(() => shared);
    expect((await app!.inject('/thing')).statusCode).toBe(500);
    expect((await app!.inject('/thing')).statusCode).toBe(500);
    expect(counter.checks).toBe(2);
  });

  it('writes its message in the language of its data, and refuses to be sent in another one', async () => {
    const shared = new SharedReply({ name: 'كوب' }, 0, 'ar');
    await serve(() => shared);
    const arabic = await app!.inject({ url: '/thing', headers: { 'accept-language': 'ar' } });
    expect(arabic.json()).toEqual({ message: 'تمت العملية بنجاح', data: { name: 'كوب' } });
    const english = await app!.inject('/thing');
    expect(english.statusCode).toBe(500);
    expect(english.body).not.toContain('كوب');
  });

  it('hands out deep copies to mark, leaving the shared data alone', () => {
    const shared = new SharedReply({ list: [{ is_favorite: false }] });
    const copy = shared.copy();
    copy.list[0]!.is_favorite = true;
    expect(shared.data.list[0]!.is_favorite).toBe(false);
  });
});

describe('SharedReplies', () => {
  it('reuses one shared reply per language and query, loading each once', async () => {
    const replies = new SharedReplies<{ n: number }>(60, 10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const a = await replies.get('en', { page: 1 }, load);
    expect(await replies.get('en', { page: 1 }, load)).toBe(a);
    expect((await replies.get('ar', { page: 1 }, load)).data.n).toBe(2);
    expect((await replies.get('en', { page: 2 }, load)).data.n).toBe(3);
  });

  it('holds at most maxBytes of JSON, counting each reply as sent (Arabic text twice)', async () => {
    const replies = new SharedReplies<{ name: string; extra?: string }>(60, 100, undefined, {
      name: 'test',
      maxBytes: 20_000,
    });
    let current: SharedReply<{ name: string; extra?: string }> | undefined;
    await serve(() => current as SharedReply<{ name: string; extra?: string }>);
    const sent = async (key: number, name: string, locale = 'en') => {
      current = await replies.get(locale, { key }, async () => ({ name }));
      const res = await app!.inject({ url: '/thing', headers: { 'accept-language': locale } });
      expect(res.statusCode).toBe(200);
      return { reply: current, bytes: res.body.length };
    };
    const first = await sent(1, 'x'.repeat(6000));
    expect(replies.bytes).toBe(first.bytes);
    expect(first.reply.size()).toBe(first.bytes);
    const arabic = await sent(2, 'ع'.repeat(3000), 'ar');
    expect(arabic.reply.size()).toBe(2 * arabic.bytes);
    await sent(3, 'y'.repeat(6000));
    // Past 20,000 bytes the least recently asked go: the first reply is built again.
    expect(replies.bytes).toBeLessThanOrEqual(20_000);
    let loads = 0;
    await replies.get('en', { key: 1 }, async () => {
      loads++;
      return { name: 'again' };
    });
    expect(loads).toBe(1);
  });

  it('builds a new reply per request with a time of 0', async () => {
    const replies = new SharedReplies<{ n: number }>(0, 10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const a = await replies.get('en', {}, load);
    expect(await replies.get('en', {}, load)).not.toBe(a);
  });
});
