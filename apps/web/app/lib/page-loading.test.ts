import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fetchOr404, idParam, pagedPath, pageLinkTemplate, privatePageHeaders, readPageParam } from './page-loading';

describe('page loading helpers', () => {
  it('reads a positive page number, anything else is page 1', () => {
    expect(readPageParam(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=1e3', 'page= 2', '', 'page=99999999']) {
      expect(readPageParam(new URLSearchParams(bad)), bad).toBe(1);
    }
    expect(readPageParam(new URLSearchParams('products_page=4'), 'products_page')).toBe(4);
  });

  it('builds the link template with other parameters kept and the page placeholder literal', () => {
    expect(pageLinkTemplate('/shops/a', new URLSearchParams('q=red shoe&page=2'))).toBe(
      '/shops/a?q=red+shoe&page=[page]',
    );
    expect(pageLinkTemplate('/shops', new URLSearchParams())).toBe('/shops?page=[page]');
    expect(pageLinkTemplate('/provinces/1', new URLSearchParams('page=2'), 'products_page')).toBe(
      '/provinces/1?page=2&products_page=[page]',
    );
    expect(pageLinkTemplate('/products', new URLSearchParams('brand=1&page=3&search=a b'))).toBe(
      '/products?brand=1&search=a+b&page=[page]',
    );
  });

  it('keeps only the page (and the named parameters) in the canonical path; page 1 has none', () => {
    expect(pagedPath('/shops', 1)).toBe('/shops');
    expect(pagedPath('/shops', 2)).toBe('/shops?page=2');
    expect(pagedPath('/search', 2, { q: 'lamp', tab: undefined })).toBe('/search?q=lamp&page=2');
  });

  it('turns an API 404 into a 404 response and other failures into null', async () => {
    expect(await fetchOr404(async () => 'ok')).toBe('ok');
    expect(await fetchOr404(() => Promise.reject(new ApiError(500, 'boom')))).toBeNull();
    expect(await fetchOr404(() => Promise.reject(new TypeError('fetch failed')))).toBeNull();
    const thrown = await fetchOr404(() => Promise.reject(new ApiError(404, 'Shop not found.'))).catch((e) => e);
    expect(thrown?.init?.status ?? (isRouteErrorResponse(thrown) ? thrown.status : undefined)).toBe(404);
  });
});

describe('idParam', () => {
  it('reads a whole number from 1 with at most the given digits, else null', () => {
    expect(idParam('42', 9)).toBe(42);
    expect(idParam('999999999', 9)).toBe(999_999_999);
    expect(idParam('1000000000', 9)).toBeNull();
    expect(idParam('1000000000', 10)).toBe(1_000_000_000);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', ' 1', '12a']) expect(idParam(bad, 9)).toBeNull();
  });

  it('reads "007" as 7 only when leading zeros are allowed; zero is never an id', () => {
    expect(idParam('007', 9)).toBeNull();
    expect(idParam('007', 9, true)).toBe(7);
    expect(idParam('000', 9, true)).toBeNull();
  });
});

describe('privatePageHeaders', () => {
  it('keeps the parent headers and forbids shared caches', () => {
    const headers = privatePageHeaders({ parentHeaders: new Headers({ 'Content-Language': 'id' }) });
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    expect(headers.get('Content-Language')).toBe('id');
  });
});
