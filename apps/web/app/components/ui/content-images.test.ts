import { describe, expect, it } from 'vitest';
import { withContentImages } from './content-images';

const SIZES = '(min-width: 1024px) 760px, 100vw';

describe('withContentImages', () => {
  it('makes uploaded pictures lazy and resized for the column', () => {
    const html = withContentImages('<p>Hi</p><img src="/uploads/blog/a.webp" alt="A">', 300, SIZES);
    expect(html).toBe(
      '<p>Hi</p><img src="/uploads/blog/a.webp" alt="A" loading="lazy" decoding="async" ' +
        'srcset="/media/160/uploads/blog/a.webp 160w, /media/320/uploads/blog/a.webp 320w, ' +
        '/media/480/uploads/blog/a.webp 480w, /media/640/uploads/blog/a.webp 640w" ' +
        `sizes="${SIZES}">`,
    );
  });

  it('keeps what the author set, and other hosts and SVGs as they are (lazy still)', () => {
    expect(withContentImages('<img src="/uploads/a.png" loading="eager" srcset="x 1x" />', 300, SIZES)).toBe(
      '<img src="/uploads/a.png" loading="eager" srcset="x 1x" decoding="async">',
    );
    expect(withContentImages('<IMG SRC="https://cdn.example/a.png">', 300, SIZES)).toBe(
      '<img SRC="https://cdn.example/a.png" loading="lazy" decoding="async">',
    );
    expect(withContentImages('<img src="/uploads/logo.svg">', 300, SIZES)).not.toContain('srcset');
    expect(withContentImages('<img src="/uploads/a b,c.png">', 300, SIZES)).not.toContain('srcset');
  });

  it('leaves HTML without pictures alone', () => {
    expect(withContentImages('<p>imgur <b>images</b></p>', 300, SIZES)).toBe('<p>imgur <b>images</b></p>');
  });
});
