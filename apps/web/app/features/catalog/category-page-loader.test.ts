import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCategoryPage } from './category-page-loader';

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

const productsReply = {
  message: 'Success',
  data: {
    total: 0,
    more: false,
    products: [],
    filters: { sizes: [], colors: [], brands: [], categories: [], min_price: 0, max_price: 0 },
  },
};

function stubApi(categoriesStatus = 200) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input);
    calls.push(url);
    if (url.pathname === '/api/categories') {
      return new Response(JSON.stringify({ message: 'Success', data: { total: 1, categories } }), {
        status: categoriesStatus,
      });
    }
    return new Response(JSON.stringify(productsReply), { status: 200 });
  });
  return calls;
}

const request = (path: string) => new Request(`http://shop.test${path}`);
const context = { apiOrigin: 'http://api.test' };

afterEach(() => vi.unstubAllGlobals());

describe('loadCategoryPage', () => {
  it('finds the category and prefetches its products with the URL filters', async () => {
    const calls = stubApi();
    const result = await loadCategoryPage(
      request('/categories/fashion/shoes?brand=4&page=2'),
      context,
      'fashion',
      'shoes',
    );
    expect(result.category?.id).toBe(1);
    expect(result.subCategory?.id).toBe(11);
    expect(result.page).toBe(2);
    const products = calls.find((u) => u.pathname === '/api/products');
    expect(Object.fromEntries(products?.searchParams ?? [])).toEqual({
      page: '2',
      per_page: '12',
      sort_type: 'default',
      category_id: '1',
      sub_category_id: '11',
      brand_id: '4',
    });
    expect(result.dehydratedState?.queries.some((q) => q.queryKey[0] === 'products')).toBe(true);
  });

  it('answers 404 for an unknown category or subcategory', async () => {
    stubApi();
    await expect(loadCategoryPage(request('/categories/toys'), context, 'toys')).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(
      loadCategoryPage(request('/categories/fashion/hats'), context, 'fashion', 'hats'),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('reports a failure (not a 404) when the categories cannot be loaded', async () => {
    stubApi(500);
    const result = await loadCategoryPage(request('/categories/fashion'), context, 'fashion');
    expect(result).toMatchObject({ failed: true, category: null });
  });
});
