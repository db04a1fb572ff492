// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Img, MediaBase, mediaSrcSet } from './img';

describe('mediaSrcSet', () => {
  it('offers the server widths up to twice the box, plus one above', () => {
    expect(mediaSrcSet('/uploads/demo/p.webp', 200)).toBe(
      '/media/160/uploads/demo/p.webp 160w, /media/320/uploads/demo/p.webp 320w, /media/480/uploads/demo/p.webp 480w',
    );
    expect(mediaSrcSet('/uploads/a.png', 800)).toContain('/media/1600/uploads/a.png 1600w');
  });
  it('leaves SVGs and other hosts alone', () => {
    expect(mediaSrcSet('/uploads/logo.svg', 100)).toBeUndefined();
    expect(mediaSrcSet('https://cdn.example/a.png', 100)).toBeUndefined();
    expect(mediaSrcSet('/favicon.png', 100)).toBeUndefined();
  });
});

describe('Img', () => {
  it('is lazy and async by default', () => {
    const html = renderToStaticMarkup(<Img src="/uploads/a.webp" width={300} height={200} alt="A" sizes="50vw" />);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('srcSet="/media/160/uploads/a.webp 160w');
    expect(html).not.toContain('fetchPriority');
    expect(html).toContain('width="300"');
  });
  it('loads at once and first with priority', () => {
    const html = renderToStaticMarkup(<Img src="/uploads/a.webp" width={300} height={200} alt="" priority />);
    expect(html).toContain('loading="eager"');
    expect(html.toLowerCase()).toContain('fetchpriority="high"');
  });
});

describe('Img with a media base (MEDIA_PUBLIC_URL)', () => {
  it('takes the original from the base and the resized copies from this site', () => {
    const html = renderToStaticMarkup(
      <MediaBase.Provider value="https://media.example.org">
        <Img src="/uploads/a.webp" width={300} height={200} alt="A" />
        <Img src="/uploads/logo.svg" width={40} height={40} alt="" />
        <Img src="/favicon.png" width={16} height={16} alt="" />
      </MediaBase.Provider>,
    );
    expect(html).toContain('src="https://media.example.org/uploads/a.webp"');
    expect(html).toContain('srcSet="/media/160/uploads/a.webp 160w');
    expect(html).toContain('src="https://media.example.org/uploads/logo.svg"');
    expect(html).toContain('src="/favicon.png"');
  });
  it('keeps /uploads on this site without one', () => {
    expect(renderToStaticMarkup(<Img src="/uploads/a.webp" width={300} height={200} alt="" />)).toContain(
      'src="/uploads/a.webp"',
    );
  });
});
