import { Outlet } from 'react-router';
import { SiteChrome } from './site-chrome';
import { WithCart } from './with-cart';
import { WithWishlist } from './with-wishlist';

/** The public layout: the shop's header and footer around the page. */
export default function PublicLayout() {
  return (
    <WithWishlist>
      <WithCart>
        <SiteChrome>
          <Outlet />
        </SiteChrome>
      </WithCart>
    </WithWishlist>
  );
}
