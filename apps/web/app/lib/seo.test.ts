import { describe, expect, it } from 'vitest';
import { absoluteUrl, pathForLanguage, readLangParam, seoContext, seoMeta } from './seo';

const base = { appName: 'Tokoku', publicUrl: 'https://shop.example/' };

function links(entries: ReturnType<typeof seoMeta>, rel: string) {
  return entries.filter((e) => 'tagName' in e && e.tagName === 'link' && e.rel === rel);
}

describe('seoMeta', () => {
  it('builds title, description, canonical, Open Graph and Twitter tags', () => {
    const entries = seoMeta({ ...base, title: 'Blogs', description: 'Our stories', path: '/blogs' });
    expect(entries).toContainEqual({ title: 'Blogs - Tokoku' });
    expect(entries).toContainEqual({ name: 'description', content: 'Our stories' });
    expect(links(entries, 'canonical')).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/blogs' },
    ]);
    expect(entries).toContainEqual({ property: 'og:title', content: 'Blogs - Tokoku' });
    expect(entries).toContainEqual({ property: 'og:description', content: 'Our stories' });
    expect(entries).toContainEqual({ property: 'og:url', content: 'https://shop.example/blogs' });
    expect(entries).toContainEqual({ property: 'og:type', content: 'website' });
    expect(entries).toContainEqual({ property: 'og:site_name', content: 'Tokoku' });
    expect(entries).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(entries.some((e) => 'property' in e && e.property === 'og:image')).toBe(false);
  });

  it('uses the app name alone without a page title', () => {
    const entries = seoMeta({ ...base, path: '/' });
    expect(entries[0]).toEqual({ title: 'Tokoku' });
    expect(entries.some((e) => 'name' in e && e.name === 'description')).toBe(false);
  });

  it('makes the image absolute and switches to a large image card', () => {
    const entries = seoMeta({ ...base, title: 'A post', path: '/blog/a', image: '/uploads/a.webp', type: 'article' });
    expect(entries).toContainEqual({ property: 'og:image', content: 'https://shop.example/uploads/a.webp' });
    expect(entries).toContainEqual({ property: 'og:type', content: 'article' });
    expect(entries).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    const cdn = seoMeta({ ...base, path: '/x', image: 'https://cdn.example/a.png' });
    expect(cdn).toContainEqual({ property: 'og:image', content: 'https://cdn.example/a.png' });
  });

  it('announces hreflang alternates with ?lang= merged into an existing query', () => {
    const entries = seoMeta({ ...base, title: 'Blogs', path: '/blogs?page=2&category_id=3' });
    expect(links(entries, 'alternate')).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'x-default',
        href: 'https://shop.example/blogs?page=2&category_id=3',
      },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: 'https://shop.example/blogs?page=2&category_id=3' },
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'id',
        href: 'https://shop.example/blogs?page=2&category_id=3&lang=id',
      },
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'ar',
        href: 'https://shop.example/blogs?page=2&category_id=3&lang=ar',
      },
    ]);
  });

  it('drops a lang parameter from the canonical URL and replaces it in alternates', () => {
    const entries = seoMeta({ ...base, path: '/page/about?lang=ar' });
    expect(links(entries, 'canonical')[0]).toMatchObject({ href: 'https://shop.example/page/about' });
    const id = links(entries, 'alternate').find((e) => 'hrefLang' in e && e.hrefLang === 'id');
    expect(id).toMatchObject({ href: 'https://shop.example/page/about?lang=id' });
  });
});

describe('helpers', () => {
  it('absoluteUrl joins origin and path once', () => {
    expect(absoluteUrl('https://a.b/', '/x')).toBe('https://a.b/x');
    expect(absoluteUrl('https://a.b', 'x')).toBe('https://a.b/x');
    expect(absoluteUrl('', '/x')).toBe('/x');
    expect(absoluteUrl('https://a.b', 'http://c.d/y')).toBe('http://c.d/y');
  });

  it('pathForLanguage keeps the fragment and other parameters', () => {
    expect(pathForLanguage('/a?b=1#top', 'id')).toBe('/a?b=1&lang=id#top');
    expect(pathForLanguage('/a', 'ar')).toBe('/a?lang=ar');
    expect(pathForLanguage('/a?lang=id', 'en')).toBe('/a');
  });

  it('seoContext reads app name and public URL from the root match', () => {
    const matches = [
      {
        id: 'root',
        loaderData: {
          appName: 'Tokoku',
          dehydratedState: {
            mutations: [],
            queries: [{ queryKey: ['master'], state: { data: { app_name: 'X', baseUrl: 'https://s.example' } } }],
          },
        },
      },
    ];
    expect(seoContext(matches)).toEqual({ appName: 'Tokoku', publicUrl: 'https://s.example' });
    expect(seoContext([])).toEqual({ appName: '', publicUrl: '' });
  });
});

describe('readLangParam', () => {
  it('accepts locale codes only', () => {
    expect(readLangParam('AR')).toBe('ar');
    expect(readLangParam('pt-BR')).toBe('pt-br');
    expect(readLangParam('')).toBeUndefined();
    expect(readLangParam(null)).toBeUndefined();
    expect(readLangParam('ar;x=1')).toBeUndefined();
  });
});
