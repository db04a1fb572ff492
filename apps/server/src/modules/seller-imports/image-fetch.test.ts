import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../lib/messages';
import { allowedOrigin, fetchImportImage } from './image-fetch';

let server: Server;
let other: Server;
let origin = '';
let otherOrigin = '';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function listen(s: Server): Promise<string> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  other = createServer((_req, res) => res.end(PNG));
  otherOrigin = await listen(other);
  server = createServer((req, res) => {
    if (req.url === '/a.png') return res.end(PNG);
    if (req.url === '/big.png') return res.end(Buffer.alloc(2048));
    if (req.url === '/hop') {
      res.writeHead(302, { location: '/a.png' });
      return res.end();
    }
    if (req.url === '/away') {
      res.writeHead(302, { location: `${otherOrigin}/a.png` });
      return res.end();
    }
    if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    res.writeHead(404);
    res.end();
  });
  origin = await listen(server);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

const options = () => ({ allowedOrigins: [origin], maxBytes: 1024 });
const reason = (result: Awaited<ReturnType<typeof fetchImportImage>>) => (result.ok ? 'ok' : english(result.reason));

describe('fetching an imported product photo', () => {
  it('fetches from an allowed origin, following a redirect that stays on it', async () => {
    const direct = await fetchImportImage(`${origin}/a.png`, options());
    expect(direct).toEqual({ ok: true, data: PNG });
    expect(await fetchImportImage(`${origin}/hop`, options())).toEqual({ ok: true, data: PNG });
  });

  it('never calls an origin that is not on the list, not even through a redirect', async () => {
    expect(reason(await fetchImportImage(`${otherOrigin}/a.png`, options()))).toBe(
      `The image ${otherOrigin}/a.png is not on an address the marketplace allows.`,
    );
    expect(reason(await fetchImportImage(`${origin}/away`, options()))).toBe(
      `The image ${otherOrigin}/a.png is not on an address the marketplace allows.`,
    );
    expect(reason(await fetchImportImage('file:///etc/passwd', options()))).toMatch(/not on an address/);
  });

  it('stops at the size cap, a missing file and a redirect loop, saying which', async () => {
    expect(reason(await fetchImportImage(`${origin}/big.png`, options()))).toBe(
      `The image ${origin}/big.png is too large.`,
    );
    expect(reason(await fetchImportImage(`${origin}/gone.png`, options()))).toBe(
      `The image ${origin}/gone.png could not be fetched (404).`,
    );
    expect(reason(await fetchImportImage(`${origin}/loop`, options()))).toBe(
      `The image ${origin}/loop could not be fetched (too many redirects).`,
    );
  });
});

describe('allowedOrigin', () => {
  it('compares scheme, host and port exactly and refuses credentials', () => {
    const list = ['https://cdn.shopify.com'];
    expect(allowedOrigin('https://cdn.shopify.com/s/a.png', list)).toBe('https://cdn.shopify.com');
    expect(allowedOrigin('http://cdn.shopify.com/s/a.png', list)).toBeNull();
    expect(allowedOrigin('https://cdn.shopify.com:8443/a.png', list)).toBeNull();
    expect(allowedOrigin('https://cdn.shopify.com.evil.example/a.png', list)).toBeNull();
    expect(allowedOrigin('https://user:pw@cdn.shopify.com/a.png', list)).toBeNull();
    expect(allowedOrigin('not a url', list)).toBeNull();
  });
});
