import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFromRequest } from './api-context';

afterEach(() => vi.unstubAllGlobals());

async function headersSent(request: Request, context: Parameters<typeof apiFromRequest>[1]) {
  const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  await apiFromRequest(request, context).request('/api/x', { schema: z.unknown() });
  const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
  return init.headers as Record<string, string>;
}

it("sends the load context's API headers (the visitor's address) with every SSR call", async () => {
  const request = new Request('http://shop.test/blog/a', { headers: { 'x-forwarded-proto': 'https' } });
  const headers = await headersSent(request, {
    apiOrigin: 'http://127.0.0.1:3000',
    apiHeaders: { 'x-shop-client-ip': '203.0.113.5', 'x-shop-internal-token': 'secret' },
  });
  expect(headers['x-shop-client-ip']).toBe('203.0.113.5');
  expect(headers['x-shop-internal-token']).toBe('secret');
  expect(headers['x-forwarded-proto']).toBe('https');
});

it("never passes on a visitor's own claim to be the render", async () => {
  const request = new Request('http://shop.test/blog/a', {
    headers: { 'x-shop-client-ip': '10.0.0.1', 'x-shop-internal-token': 'guess' },
  });
  const headers = await headersSent(request, { apiOrigin: 'http://127.0.0.1:3000' });
  expect(headers['x-shop-client-ip']).toBeUndefined();
  expect(headers['x-shop-internal-token']).toBeUndefined();
});

it("sends the calls through the load context's apiFetch when the server gives one, not over HTTP", async () => {
  const overHttp = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', overHttp);
  const apiFetch = vi.fn(async () => new Response('{"data":1}', { status: 200 }));
  const request = new Request('http://shop.test/', { headers: { 'x-forwarded-proto': 'https' } });
  const client = apiFromRequest(request, { apiOrigin: 'http://127.0.0.1:3000', apiFetch: apiFetch as typeof fetch });
  await client.request('/api/x', { schema: z.unknown() });
  expect(overHttp).not.toHaveBeenCalled();
  expect(apiFetch).toHaveBeenCalledTimes(1);
  const [url, init] = apiFetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('http://127.0.0.1:3000/api/x');
  expect(new Headers(init.headers).get('x-forwarded-proto')).toBe('https');
});
