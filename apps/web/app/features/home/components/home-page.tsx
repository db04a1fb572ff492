import type { ProductCard } from '@shop/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { homeFirstScreen, homeFirstScreenQueryOptions, homeQueryOptions } from '../api/home-query-options';
import { AboutSupport } from './about-support';
import { BelowTheFold } from './below-the-fold';
import { CategoryRow } from './category-row';
import { FlashSaleSection } from './flash-sale-section';
import { HeroBanner } from './hero-banner';
import { JustForYou } from './just-for-you';
import { PopularProducts } from './popular-products';
import { RecentlyViewed } from './recently-viewed';
import { SectionBoundary } from './section-boundary';
import { HomeSkeleton } from './skeletons';
import { TopRatedShops } from './top-rated-shops';

export interface HomePageProps {
  /** The page's main heading (visually hidden): the shop's name. */
  heading: string;
  /** The loader's clock (ms) for the flash-sale countdowns' first render. */
  now: number;
  /** Top Rated Shops show only in multi-vendor mode. */
  multiVendor: boolean;
  /** Draws one shop of Top Rated Shops (the route passes the shops feature's card). */
  /** The logged-in shopper's recently viewed products, when known. */
  recentlyViewed?: ProductCard[];
  /** The way to the top-up pages (the route passes the digital feature's shortcuts), under the badges. */
  topUps?: ReactNode;
}

/**
 * The storefront home page, sections in the reference's order (section 5 "Home page order").
 * The server renders the first screen (banners, badges, top-ups, categories) from a cut of the
 * home reply; the sections below it (flash sales, popular products, top shops, Just For You)
 * load from the whole reply when the visitor scrolls near them, so the page sent stays small
 * (issue 31: at most 80 KB). Without JavaScript they are links to their own pages.
 */
export function HomePage({ heading, now, multiVendor, recentlyViewed, topUps }: HomePageProps) {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const options = homeQueryOptions(api, 1);
  const [restWanted, setRestWanted] = useState(false);
  // The whole reply: already here after a visit in this tab, otherwise asked for near the fold.
  const home = useQuery({ ...options, enabled: restWanted });
  const firstScreen = useQuery({ ...homeFirstScreenQueryOptions(api), enabled: !home.data });
  // Rendering two dozen cards at once is the heaviest work of this page: as a transition it
  // yields to the visitor's input instead of blocking the main thread.
  const rest = useDeferredValue(home.data);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
  }, [queryClient, options.queryKey]);
  const wantRest = useCallback(() => setRestWanted(true), []);

  const whole = home.data;
  const top = useMemo(() => (whole ? homeFirstScreen(whole) : firstScreen.data), [whole, firstScreen.data]);
  const content = (() => {
    // A failed background refetch keeps the data already shown; only a page without data shows the error.
    if (!top) {
      if (firstScreen.isError || home.isError) {
        return (
          <ErrorState
            title={t('We could not load the home page')}
            onRetry={() => void (home.data || restWanted ? home.refetch() : firstScreen.refetch())}
          />
        );
      }
      return <HomeSkeleton />;
    }
    return (
      <>
        <SectionBoundary>
          <HeroBanner banners={top.banners} ads={top.ads} />
        </SectionBoundary>
        <AboutSupport />
        {topUps}
        <SectionBoundary>
          <CategoryRow categories={top.categories} />
        </SectionBoundary>
        {rest ? (
          <>
            {rest.incoming_flash_sale && (
              <SectionBoundary onReset={refresh}>
                <FlashSaleSection
                  sale={rest.incoming_flash_sale}
                  kind="incoming"
                  initialNow={now}
                  onElapsed={refresh}
                />
              </SectionBoundary>
            )}
            {rest.running_flash_sale && (
              <SectionBoundary onReset={refresh}>
                <FlashSaleSection sale={rest.running_flash_sale} kind="running" initialNow={now} onElapsed={refresh} />
              </SectionBoundary>
            )}
            <SectionBoundary>
              <PopularProducts products={rest.popular_products} />
            </SectionBoundary>
            {multiVendor && (
              <SectionBoundary>
                <TopRatedShops shops={rest.shops} />
              </SectionBoundary>
            )}
            <SectionBoundary>
              <JustForYou firstPage={rest.just_for_you} firstPageUpdatedAt={home.dataUpdatedAt} />
            </SectionBoundary>
          </>
        ) : home.isError ? (
          <ErrorState title={t('This section could not be loaded')} onRetry={() => void home.refetch()} />
        ) : (
          <BelowTheFold flashSales={top.flash_sales} multiVendor={multiVendor} onNear={wantRest} />
        )}
        <SectionBoundary>
          <RecentlyViewed products={recentlyViewed} />
        </SectionBoundary>
      </>
    );
  })();

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5 px-3 py-4 sm:space-y-6 sm:px-4 sm:py-6 lg:px-6">
      <h1 className="sr-only">{heading}</h1>
      {content}
    </div>
  );
}
