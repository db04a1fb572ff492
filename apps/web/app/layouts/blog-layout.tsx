import { Outlet } from 'react-router';
import { SiteChrome } from './site-chrome';
import { WithFavorites } from './with-favorites';

/** Spec section 2 "Blog layout": the shop's chrome around a reading-width column. */
export default function BlogLayout() {
  return (
    <WithFavorites>
      <SiteChrome>
        <div className="mx-auto w-full max-w-6xl px-4 py-8 lg:px-6">
          <Outlet />
        </div>
      </SiteChrome>
    </WithFavorites>
  );
}
