import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preload-priority';

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  const out = Readable.from(chunks, { objectMode: false }).pipe(lowPriorityModulePreloads());
  return (await buffer(out)).toString('utf8');
}

const page =
  '<!DOCTYPE html><html lang="ar"><head><link rel="stylesheet" href="/assets/app.css"/></head>' +
  '<body><p>مرحبا بكم — Rp150.000</p><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/home.js"/><script type="module" async="">import("/a.js")</script></body></html>';
const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe('lowPriorityModulePreloads', () => {
  it('gives every script preload low priority and leaves everything else as it was', async () => {
    const out = await rewrite([page]);
    expect(out).toBe(expected);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it('finds a preload split across chunks, and never splits or loses a character, at any cut', async () => {
    const bytes = Buffer.from(page);
    // Every single cut (inside tags and inside multi-byte Arabic letters alike)...
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    // ...and pages arriving in small equal pieces, down to one byte at a time.
    for (let size = 1; size <= 40; size++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await rewrite(chunks)).toBe(expected);
    }
  });

  it('passes a page without preloads through unchanged, including a tail that only looks like one', async () => {
    expect(await rewrite(['<p>a</p>', '<link rel="module'])).toBe('<p>a</p><link rel="module');
    expect(await rewrite([])).toBe('');
  });
});
