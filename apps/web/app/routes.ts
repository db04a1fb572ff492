import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Spec section 2: three layouts plus the bare page-not-found screen. Pages join their layout as
 * they are built; a layout without pages yet still owns its place in the table.
 */
export default [
  layout('layouts/public-layout.tsx', [
    index('routes/home.tsx'),
    route('products', 'routes/products.tsx'),
    route('categories', 'routes/categories.tsx'),
    route('categories/:slug', 'routes/category.tsx'),
    route('categories/:slug/:subSlug', 'routes/subcategory.tsx'),
    route('most-popular', 'routes/most-popular.tsx'),
    route('best-deal', 'routes/best-deal.tsx'),
    route('search', 'routes/search.tsx'),
  ]),
  layout('layouts/blog-layout.tsx', { id: 'blog-layout' }, []),
  layout('layouts/account-layout.tsx', { id: 'account-layout' }, []),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
