import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import { isBackOfficePath, paths, SIGN_IN_PARAM, safeReturnPath, signInPath, withQuery } from './paths';

/** The route table as React Router matches it, each route named by its module. */
function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    index: entry.index,
    children: entry.children ? routeObjects(entry.children) : undefined,
  })) as RouteObject[];
}

/** Pages the storefront links to that later issues build (today the 404 page answers them). */
const NOT_BUILT_YET = new Set<string>([paths.messages, paths.supportTickets, paths.sellerRegister, paths.sellerLogin]);

describe('paths', () => {
  it('leads every in-app link to a page of the route table', () => {
    const table = routeObjects(routes);
    // A policy page's slug must be one of the four the table declares.
    const every = Object.entries(paths).map(([name, path]) =>
      typeof path === 'function'
        ? (path as (...args: string[]) => string)(name === 'policy' ? 'about-us' : 'a-slug', 'b-slug')
        : path,
    );
    expect(every.length).toBeGreaterThan(30);
    const unmatched = every.filter((path) => {
      const leaf = matchRoutes(table, path)?.at(-1)?.route.id;
      return !NOT_BUILT_YET.has(path) && (leaf === undefined || leaf === 'routes/not-found.tsx');
    });
    expect(unmatched).toEqual([]);
  });

  it('encodes a slug as one path segment', () => {
    expect(paths.product('kopi / susu?')).toBe('/products/kopi%20%2F%20susu%3F/details');
    expect(paths.category('fashion', 'tas & dompet')).toBe('/categories/fashion/tas%20%26%20dompet');
    expect(paths.category('fashion')).toBe('/categories/fashion');
    expect(paths.editAddress(7)).toBe('/manage-address/7/edit');
  });

  it('adds only the parameters that have a value', () => {
    expect(withQuery(paths.products, { search: 'red lamp', sort: undefined })).toBe('/products?search=red+lamp');
    expect(withQuery(paths.blogs, {})).toBe('/blogs');
    expect(withQuery(paths.search, new URLSearchParams('q=a&tab=shops'))).toBe('/search?q=a&tab=shops');
  });

  it('tells the Seller Centre and operator pages from the storefront', () => {
    for (const url of [
      paths.sellerLogin,
      paths.sellerRegister,
      '/shop',
      '/shop?tab=1',
      '/operator',
      '/operator/login',
    ]) {
      expect(isBackOfficePath(url), url).toBe(true);
    }
    for (const url of [paths.shops, paths.shop('toko-batik'), '/', '/shopping', '/operators']) {
      expect(isBackOfficePath(url), url).toBe(false);
    }
  });

  it('sends a visitor home to sign in, carrying the page asked for', () => {
    expect(signInPath('/order-history?page=2')).toBe('/?login=%2Forder-history%3Fpage%3D2');
    expect(new URL(signInPath('/profile'), 'http://shop.test').searchParams.get(SIGN_IN_PARAM)).toBe('/profile');
  });

  it('returns only to a path of this site', () => {
    expect(safeReturnPath('/order-history?page=2#top')).toBe('/order-history?page=2#top');
    expect(safeReturnPath('/support-ticket/123456')).toBe('/support-ticket/123456');
    for (const bad of [
      null,
      '',
      'order-history',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
