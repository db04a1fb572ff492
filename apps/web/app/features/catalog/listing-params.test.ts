import { describe, expect, it } from 'vitest';
import { findCategory } from './category-lookup';
import {
  activeFilterCount,
  clearedFilters,
  productsQueryFor,
  readListing,
  toDefaultCurrency,
  toDisplayCurrency,
  withFilters,
} from './listing-params';
import { readSearch, searchTabUrl } from './search-params';

const p = (query: string) => new URLSearchParams(query);

describe('readListing', () => {
  it('reads every filter from the URL', () => {
    expect(
      readListing(
        p(
          'page=3&sort=low_to_high&search=%20shoe%20&category=2&brand=5&color=7&size=9&rating=4&min_price=10&max_price=99.5',
        ),
      ),
    ).toEqual({
      page: 3,
      sort: 'low_to_high',
      search: 'shoe',
      category: 2,
      brand: 5,
      color: 7,
      size: 9,
      rating: 4,
      minPrice: 10,
      maxPrice: 99.5,
    });
  });

  it('drops values that are not valid instead of sending them', () => {
    const filters = readListing(p('page=0&sort=popular_product&category=abc&brand=-1&rating=6&min_price=x&search=%20'));
    expect(filters).toEqual({
      page: 1,
      sort: 'default',
      search: undefined,
      category: undefined,
      brand: undefined,
      color: undefined,
      size: undefined,
      rating: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it('swaps a price range given the wrong way round', () => {
    const filters = readListing(p('min_price=50&max_price=20'));
    expect([filters.minPrice, filters.maxPrice]).toEqual([20, 50]);
  });
});

describe('productsQueryFor', () => {
  it('maps the filters to GET /api/products parameters, 12 per page, leaving unset ones out', () => {
    expect(productsQueryFor(readListing(p('page=2&brand=5&sort=newest')))).toEqual({
      page: 2,
      per_page: 12,
      sort_type: 'newest',
      brand_id: 5,
    });
  });

  it("applies the page's scope over the URL", () => {
    const query = productsQueryFor(readListing(p('category=9&sort=newest&search=x')), {
      categoryId: 3,
      subCategoryId: 4,
      sort: 'top_selling',
      search: 'lamp',
    });
    expect(query).toMatchObject({ category_id: 3, sub_category_id: 4, sort_type: 'top_selling', search: 'lamp' });
  });
});

describe('URL changes', () => {
  it('sets and removes filters, resets the page and keeps unknown parameters', () => {
    const next = withFilters(p('page=4&brand=5&q=lamp&sort=newest'), { brand: undefined, color: 3, sort: 'default' });
    expect(next.toString()).toBe('q=lamp&color=3');
  });

  it('clears every filter but keeps the sort and the search', () => {
    expect(clearedFilters(p('search=x&sort=newest&brand=1&rating=5&min_price=3&page=2')).toString()).toBe(
      'search=x&sort=newest',
    );
  });

  it('counts the chosen filters (a price range counts once)', () => {
    expect(activeFilterCount(readListing(p('brand=1&min_price=3&max_price=9&sort=newest')))).toBe(2);
  });
});

describe('price conversion', () => {
  it('sends prices typed in the shown currency in the default currency', () => {
    expect(toDefaultCurrency(150_000, 15_000)).toBe(10);
    expect(toDefaultCurrency(100, 3)).toBe(33.33);
    expect(toDisplayCurrency(10.5, 15_000)).toBe(157_500);
    expect(toDisplayCurrency(0.333, 3, 'up')).toBe(1);
  });
});

describe('findCategory', () => {
  const categories = [
    {
      id: 1,
      name: 'Fashion',
      slug: 'fashion',
      thumbnail: null,
      products_count: 3,
      sub_categories: [{ id: 11, name: 'Shoes', slug: 'shoes', thumbnail: null }],
    },
  ];
  it('finds a category and its subcategory by slug, or nothing', () => {
    expect(findCategory(categories, 'fashion')?.category.id).toBe(1);
    expect(findCategory(categories, 'fashion', 'shoes')?.subCategory?.id).toBe(11);
    expect(findCategory(categories, 'fashion', 'hats')).toBeNull();
    expect(findCategory(categories, 'toys')).toBeNull();
  });
});

describe('search parameters', () => {
  it('reads q and the tab; shops only when asked', () => {
    expect(readSearch(p('q=%20lamp%20&tab=shops'))).toEqual({ q: 'lamp', tab: 'shops' });
    expect(readSearch(p('tab=other'))).toEqual({ q: '', tab: 'products' });
    expect(searchTabUrl('red lamp', 'shops')).toBe('/search?q=red+lamp&tab=shops');
  });
});
