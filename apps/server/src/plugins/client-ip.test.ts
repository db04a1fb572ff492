import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIpPlugin, INTERNAL_TOKEN_HEADER, internalCallHeaders } from './client-ip';

const app = Fastify();
await app.register(clientIpPlugin);
app.get('/ip', async (request) => ({ ip: request.clientIp }));
afterAll(() => app.close());

const ipOf = async (remoteAddress: string, headers: Record<string, string> = {}) =>
  (await app.inject({ url: '/ip', remoteAddress, headers })).json().ip;

it("takes the visitor's address from this process's own render, over loopback", async () => {
  expect(await ipOf('127.0.0.1', internalCallHeaders('203.0.113.5'))).toBe('203.0.113.5');
  expect(await ipOf('::1', internalCallHeaders('2001:db8::1'))).toBe('2001:db8::1');
  expect(await ipOf('::ffff:127.0.0.1', internalCallHeaders('198.51.100.2'))).toBe('198.51.100.2');
});

it('ignores the header without the proof, with a wrong one, or from anywhere but loopback', async () => {
  expect(await ipOf('10.0.0.9')).toBe('10.0.0.9');
  expect(await ipOf('127.0.0.1', { [CLIENT_IP_HEADER]: '203.0.113.5' })).toBe('127.0.0.1');
  const forged = { ...internalCallHeaders('203.0.113.5'), [INTERNAL_TOKEN_HEADER]: 'x'.repeat(43) };
  expect(await ipOf('127.0.0.1', forged)).toBe('127.0.0.1');
  expect(await ipOf('10.0.0.9', internalCallHeaders('203.0.113.5'))).toBe('10.0.0.9');
});

it('ignores a named address that is not an IP address', async () => {
  expect(await ipOf('127.0.0.1', internalCallHeaders('not-an-ip'))).toBe('127.0.0.1');
  expect(await ipOf('127.0.0.1', internalCallHeaders('203.0.113.5, 10.0.0.1'))).toBe('127.0.0.1');
});
