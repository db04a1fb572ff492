import { Outlet } from 'react-router';
import { SiteChrome } from './site-chrome';
import { WithFavorites } from './with-favorites';

/** Spec section 2 "Public layout": the shop's header and footer around the page. */
export default function PublicLayout() {
  return (
    <WithFavorites>
      <SiteChrome>
        <Outlet />
      </SiteChrome>
    </WithFavorites>
  );
}
