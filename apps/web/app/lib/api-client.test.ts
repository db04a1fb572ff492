import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type UploadTransport } from './api-client';

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

describe('createApiClient: upload progress', () => {
  it('sends a call that asks for progress through the upload transport, with the same headers, and reads its reply', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ data: { n: 1 } })));
    const upload = vi.fn<UploadTransport>(async (_url, _init, onProgress) => {
      onProgress(0.5);
      onProgress(1);
      return new Response(JSON.stringify({ data: { n: 2 } }));
    });
    const api = createApiClient({ origin: '', locale: () => 'id', fetch, upload });
    const seen: number[] = [];
    const form = new FormData();
    form.set('photo', new Blob(['x']), 'x.png');
    const reply = await api.request('/api/seller/products/1/photos', {
      method: 'POST',
      body: form,
      schema: replySchema,
      onUploadProgress: (fraction) => seen.push(fraction),
    });
    expect(reply.data.n).toBe(2);
    expect(seen).toEqual([0.5, 1]);
    expect(fetch).not.toHaveBeenCalled();
    const [url, init] = upload.mock.calls[0] ?? [];
    expect(url).toBe('/api/seller/products/1/photos');
    expect(init).toMatchObject({ method: 'POST', body: form });
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'id' });
    expect(init?.headers['Content-Type']).toBeUndefined();

    await api.request('/api/x', { schema: replySchema });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('gives a refused upload the same error as any call (the server’s field errors)', async () => {
    const upload: UploadTransport = async () =>
      new Response(JSON.stringify({ message: 'Too big', errors: { photo: ['Too big'] } }), { status: 422 });
    const api = createApiClient({ origin: '', locale: () => 'en', upload });
    await expect(
      api.request('/api/x', { method: 'POST', body: new FormData(), schema: replySchema, onUploadProgress: () => {} }),
    ).rejects.toMatchObject({ status: 422, errors: { photo: ['Too big'] } });
  });

  it('uses XMLHttpRequest in the browser, reporting its upload progress', async () => {
    class FakeXhr {
      static last: FakeXhr | null = null;
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      statusText = '';
      responseText = '';
      opened: [string, string] | null = null;
      headers: Record<string, string> = {};
      sent: unknown;
      constructor() {
        FakeXhr.last = this;
      }
      open(method: string, url: string) {
        this.opened = [method, url];
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {}
      send(body: unknown) {
        this.sent = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 });
        this.status = 200;
        this.responseText = JSON.stringify({ data: { n: 3 } });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const api = createApiClient({ origin: '', locale: () => 'ar' });
      const seen: number[] = [];
      const reply = await api.request('/api/up', {
        method: 'POST',
        body: new FormData(),
        schema: replySchema,
        onUploadProgress: (f) => seen.push(f),
      });
      expect(reply.data.n).toBe(3);
      expect(seen).toEqual([0.75]);
      expect(FakeXhr.last?.opened).toEqual(['POST', '/api/up']);
      expect(FakeXhr.last?.headers['Accept-Language']).toBe('ar');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
