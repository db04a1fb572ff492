import { Outlet } from 'react-router';
import { SiteChrome } from './site-chrome';
import { WithCart } from './with-cart';
import { WithWishlist } from './with-wishlist';

/** The blog layout: the shop's chrome around a reading-width column. */
export default function BlogLayout() {
  return (
    <WithWishlist>
      <WithCart>
        <SiteChrome>
          <div className="mx-auto w-full max-w-6xl px-4 py-8 lg:px-6">
            <Outlet />
          </div>
        </SiteChrome>
      </WithCart>
    </WithWishlist>
  );
}
