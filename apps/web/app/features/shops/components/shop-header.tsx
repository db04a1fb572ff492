import type { ShopDetails } from '@shop/contracts/shops';
import { Avatar } from '../../../components/ui/avatar';
import { StarIcon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { useCarousel, useSelectedSlide } from '../../../components/ui/use-carousel';
import { ChatWithShopButton } from '../../../entities/chat/components/chat-control';
import { useT } from '../../../lib/i18n';

/** The shop's own banners, one at a time, swiped or stepped with the dots. */
function BannerSlider({ banners, rtl }: { banners: ShopDetails['banners']; rtl: boolean }) {
  const t = useT();
  const [viewportRef, embla] = useCarousel({ loop: banners.length > 1, direction: rtl ? 'rtl' : 'ltr' });
  const selected = useSelectedSlide(embla);

  return (
    <section aria-roledescription="carousel" aria-label={t('Shop banners')} className="relative">
      <div ref={viewportRef} className="overflow-hidden rounded-2xl">
        <div className="flex">
          {banners.map((banner, index) => (
            <div key={banner.id} className="min-w-0 flex-[0_0_100%]">
              <Img
                src={banner.thumbnail}
                alt={banner.title}
                width={1200}
                height={400}
                sizes="(min-width: 1280px) 1232px, 100vw"
                priority={index === 0}
                className="aspect-[3/1] w-full bg-slate-100 object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      {banners.length > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              onClick={() => embla?.scrollTo(index)}
              aria-label={t('Show banner {{index}}', { index: index + 1 })}
              aria-current={index === selected}
              className={`h-2 rounded-full transition-all ${index === selected ? 'w-5 bg-white' : 'w-2 bg-white/60'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** The top of a shop page: banners (or the shop's cover), logo, name, rating, Online/Offline and counts. */
export function ShopHeader({ shop, rtl }: { shop: ShopDetails; rtl: boolean }) {
  const t = useT();
  const online = shop.shop_status === 'Online';
  const banners =
    shop.banners.length > 0
      ? shop.banners
      : shop.banner
        ? [{ id: 0, title: shop.name, thumbnail: shop.banner, url: null }]
        : [];
  return (
    <div className="space-y-4">
      {banners.length > 0 && <BannerSlider banners={banners} rtl={rtl} />}
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:flex-row sm:items-center">
        <Avatar
          src={shop.logo}
          name={shop.name}
          size={80}
          className="size-20 rounded-full bg-primary-50 ring-1 ring-slate-200"
          initialClassName="text-2xl font-bold text-primary-600"
        />
        <div className="min-w-0 flex-1">
          <h1 dir="auto" className="text-start text-xl font-bold text-slate-900 sm:text-2xl">
            {shop.name}
          </h1>
          {shop.short_description && <p className="mt-1 text-sm text-slate-600">{shop.short_description}</p>}
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1 font-semibold text-slate-800">
              <StarIcon className="size-4 text-amber-500" />
              <span className="sr-only">{t('Rating')}</span>
              {shop.rating.toFixed(1)}
              <span className="font-normal text-slate-500">
                ({shop.total_reviews === 1 ? t('1 Review') : t('{{count}} Reviews', { count: shop.total_reviews })})
              </span>
            </span>
            <span>{t('{{count}} Products', { count: shop.total_products })}</span>
            <span>
              {shop.total_categories === 1
                ? t('1 Category')
                : t('{{count}} Categories', { count: shop.total_categories })}
            </span>
            <span
              className={`inline-flex items-center gap-1.5 font-semibold ${online ? 'text-emerald-700' : 'text-slate-500'}`}
            >
              <span
                className={`size-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-slate-400'}`}
                aria-hidden="true"
              />
              {online ? t('Online') : t('Offline')}
            </span>
          </p>
          {(shop.opening_time || shop.address || shop.province) && (
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
              {shop.opening_time && shop.closing_time && (
                <span>
                  {t('Opening hours')}: <span dir="ltr">{`${shop.opening_time} - ${shop.closing_time}`}</span>
                </span>
              )}
              {shop.address && <span dir="auto">{shop.address}</span>}
              {shop.province && <span>{shop.province.name}</span>}
            </p>
          )}
        </div>
        <ChatWithShopButton target={{ shop: { id: shop.id, name: shop.name, logo: shop.logo } }} />
      </div>
    </div>
  );
}
