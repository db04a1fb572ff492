import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Spec section 2: three layouts plus the bare page-not-found screen. Pages join their layout as
 * they are built; a layout without pages yet still owns its place in the table.
 */
export default [
  layout('layouts/public-layout.tsx', [index('routes/home.tsx')]),
  layout('layouts/blog-layout.tsx', { id: 'blog-layout' }, []),
  layout('layouts/account-layout.tsx', { id: 'account-layout' }, []),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
