import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './api-client';

const replySchema = z.object({ data: z.object({ n: z.number() }) });

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  return createApiClient({ origin: '', locale: () => 'en', fetch });
}

describe('createApiClient: reply contracts', () => {
  it('checks the reply against a schema given as it is', async () => {
    await expect(clientAnswering(200, { data: { n: 1 } }).request('/api/x', { schema: replySchema })).resolves.toEqual({
      data: { n: 1 },
    });
    await expect(
      clientAnswering(200, { data: { n: 'one' } }).request('/api/x', { schema: replySchema }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it('loads a lazily given schema when the reply arrives and checks the reply against it', async () => {
    const load = vi.fn(async () => replySchema);
    const api = clientAnswering(200, { data: { n: 2 } });
    const reply = await api.request('/api/x', { schema: load });
    expect(reply.data.n).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(
      clientAnswering(200, { data: {} }).request('/api/x', { schema: async () => replySchema }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it('does not load the schema for a failed call: the error shape is the same for every call', async () => {
    const load = vi.fn(async () => replySchema);
    const failed = clientAnswering(422, { message: 'Invalid', errors: { name: ['Required'] } }).request('/api/x', {
      schema: load,
    });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 422, errors: { name: ['Required'] } });
    expect(load).not.toHaveBeenCalled();
  });
});

describe('createApiClient: headers', () => {
  it('sends the headers of one call beside the client-wide ones, and only on that call', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ data: { n: 1 } })));
    const api = createApiClient({ origin: '', locale: () => 'ar', headers: { cookie: 'session=abc' }, fetch });
    await api.request('/api/address/store', {
      method: 'POST',
      body: {},
      schema: replySchema,
      headers: { 'Idempotency-Key': 'key-1' },
    });
    await api.request('/api/addresses', { schema: replySchema });
    const first = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    const second = fetch.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(first).toMatchObject({ 'Idempotency-Key': 'key-1', cookie: 'session=abc', 'Accept-Language': 'ar' });
    expect(second).toMatchObject({ cookie: 'session=abc' });
    expect(second['Idempotency-Key']).toBeUndefined();
  });
});
