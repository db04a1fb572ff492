import { Transform } from 'node:stream';

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * Rewrites the page's script preloads (React Router's `<Scripts>` writes one `<link
 * rel="modulepreload">` per module and offers no way to set their priority) to low fetch priority.
 *
 * Module preloads are fetched at high priority, as high as the stylesheet and the hero image; on a
 * phone's slow link ~230 kB of scripts then share the first seconds with the only files the first
 * paint needs. At low priority the browser fetches the stylesheet and the largest image first and
 * the scripts right after; the page looks complete sooner and becomes interactive as before (the
 * scripts hydrate HTML that is already there).
 *
 * Works on the raw bytes of the HTML stream: a preload split across two chunks is held back (at
 * most the length of the searched text) until the next chunk shows whether it is one.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const incoming = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const data = carry.length > 0 ? Buffer.concat([carry, incoming]) : incoming;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = data.indexOf(PRELOAD, from); at !== -1; at = data.indexOf(PRELOAD, from)) {
        parts.push(data.subarray(from, at), LOW_PRIORITY_PRELOAD);
        from = at + PRELOAD.length;
      }
      const keep = partialMatchAtEnd(data, from);
      parts.push(data.subarray(from, data.length - keep));
      carry = Buffer.from(data.subarray(data.length - keep));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry);
    },
  });
}

/** How many bytes at the end of `data` (after `from`) could be the start of a preload tag. */
function partialMatchAtEnd(data: Buffer, from: number): number {
  for (let length = Math.min(PRELOAD.length - 1, data.length - from); length > 0; length--) {
    if (data.subarray(data.length - length).equals(PRELOAD.subarray(0, length))) return length;
  }
  return 0;
}
