import type { ProductCard } from '@shop/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { homeQueryOptions } from '../api/home-query-options';
import { AboutSupport } from './about-support';
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

/** The storefront home page, sections in the reference's order (section 5 "Home page order"). */
export function HomePage({ heading, now, multiVendor, recentlyViewed, topUps }: HomePageProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const options = homeQueryOptions(api, 1);
  const home = useQuery(options);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
  }, [queryClient, options.queryKey]);

  const content = (() => {
    // A failed background refetch keeps the data already shown; only a page without data shows the error.
    if (!home.data) {
      if (home.isError) {
        return <ErrorState title={t('We could not load the home page')} onRetry={() => void home.refetch()} />;
      }
      return <HomeSkeleton />;
    }
    const data = home.data;
    return (
      <>
        <SectionBoundary>
          <HeroBanner banners={data.banners} ads={data.ads} />
        </SectionBoundary>
        <AboutSupport />
        {topUps}
        <SectionBoundary>
          <CategoryRow categories={data.categories} />
        </SectionBoundary>
        {data.incoming_flash_sale && (
          <SectionBoundary onReset={refresh}>
            <FlashSaleSection sale={data.incoming_flash_sale} kind="incoming" initialNow={now} onElapsed={refresh} />
          </SectionBoundary>
        )}
        {data.running_flash_sale && (
          <SectionBoundary onReset={refresh}>
            <FlashSaleSection sale={data.running_flash_sale} kind="running" initialNow={now} onElapsed={refresh} />
          </SectionBoundary>
        )}
        <SectionBoundary>
          <PopularProducts products={data.popular_products} />
        </SectionBoundary>
        {multiVendor && (
          <SectionBoundary>
            <TopRatedShops shops={data.shops} />
          </SectionBoundary>
        )}
        <SectionBoundary>
          <JustForYou firstPage={data.just_for_you} firstPageUpdatedAt={home.dataUpdatedAt} />
        </SectionBoundary>
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
