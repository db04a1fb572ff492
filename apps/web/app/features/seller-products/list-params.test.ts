import { describe, expect, it } from 'vitest';
import { listHref, listQuery, readListParams } from './list-params';

describe('the products list’s address', () => {
  it('reads every filter, and anything unknown as its default', () => {
    expect(readListParams(new URLSearchParams('search=+kopi+&category_id=4&status=draft&sort=stock&page=2'))).toEqual({
      search: 'kopi',
      categoryId: 4,
      status: 'draft',
      sort: 'stock',
      order: 'asc',
      page: 2,
    });
    expect(
      readListParams(new URLSearchParams('category_id=x&status=deleted&sort=secret&order=sideways&page=-1')),
    ).toEqual({ search: '', categoryId: null, status: null, sort: 'newest', order: 'desc', page: 1 });
  });

  it('writes only what differs from the defaults, and reads back the same place', () => {
    const plain = readListParams(new URLSearchParams());
    expect(listHref('/shop/products', plain)).toBe('/shop/products');
    const place = {
      ...plain,
      search: 'teh & kopi',
      status: 'sold_out' as const,
      sort: 'name' as const,
      order: 'desc' as const,
      page: 3,
    };
    const href = listHref('/shop/products', place);
    expect(href).toBe('/shop/products?search=teh+%26+kopi&status=sold_out&sort=name&order=desc&page=3');
    expect(readListParams(new URL(href, 'http://x').searchParams)).toEqual(place);
    expect(listQuery(place)).toEqual({
      search: 'teh & kopi',
      category_id: undefined,
      status: 'sold_out',
      sort: 'name',
      order: 'desc',
      page: 3,
      per_page: 20,
    });
  });
});
