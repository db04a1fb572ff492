import type { Banner } from '@shop/contracts/catalog';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronIcon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { useCarousel, useSelectedSlide } from '../../../components/ui/use-carousel';
import { useT } from '../../../lib/i18n';

const AUTOPLAY_MS = 5000;

/** A banner opens its url when it has one: in-app paths with the router, others as plain links. */
function BannerLink({ banner, className, children }: { banner: Banner; className: string; children: ReactNode }) {
  if (!banner.url) return <div className={className}>{children}</div>;
  if (banner.url.startsWith('/')) {
    return (
      <Link to={banner.url} className={className} aria-label={banner.title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={banner.url} className={className} aria-label={banner.title} rel="noopener noreferrer">
      {children}
    </a>
  );
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

function BannerSlider({ banners }: { banners: Banner[] }) {
  const { t, i18n } = useTranslation();
  const direction = i18n.dir() === 'rtl' ? 'rtl' : 'ltr';
  const [viewportRef, embla] = useCarousel({ loop: banners.length > 1, direction });
  const selected = useSelectedSlide(embla);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  // Autoplay stops while the pointer or keyboard focus is inside, and for reduced-motion users.
  useEffect(() => {
    if (!embla || paused || reducedMotion || banners.length < 2) return;
    const id = window.setInterval(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(id);
  }, [embla, paused, reducedMotion, banners.length]);

  const scrollPrev = useCallback(() => embla?.scrollPrev(), [embla]);
  const scrollNext = useCallback(() => embla?.scrollNext(), [embla]);
  const many = banners.length > 1;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('Promotions')}
      className="group/hero relative overflow-hidden rounded-2xl bg-slate-200 shadow-sm"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides role=group; a fieldset is for form controls.
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('{{current}} of {{total}}', { current: index + 1, total: banners.length })}
              className="min-w-0 flex-[0_0_100%]"
            >
              <BannerLink
                banner={banner}
                className="block aspect-[16/5] w-full outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-primary-500"
              >
                <Img
                  src={banner.thumbnail}
                  alt={banner.title}
                  width={1600}
                  height={500}
                  sizes="(min-width: 1024px) 75vw, 100vw"
                  priority={index === 0}
                  className="size-full object-cover"
                />
              </BannerLink>
            </div>
          ))}
        </div>
      </div>
      {many && (
        <>
          <button
            type="button"
            onClick={scrollPrev}
            aria-label={t('Previous slide')}
            className="absolute start-3 top-1/2 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-700 shadow-md backdrop-blur transition hover:bg-white sm:flex sm:opacity-0 sm:group-hover/hero:opacity-100 sm:focus-visible:opacity-100"
          >
            <ChevronIcon className="size-5" back />
          </button>
          <button
            type="button"
            onClick={scrollNext}
            aria-label={t('Next slide')}
            className="absolute end-3 top-1/2 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-700 shadow-md backdrop-blur transition hover:bg-white sm:flex sm:opacity-0 sm:group-hover/hero:opacity-100 sm:focus-visible:opacity-100"
          >
            <ChevronIcon className="size-5" />
          </button>
          {/* Each dot sits in a 24 px button: a fingertip needs that much (WCAG 2.5.8), the dot itself stays small. */}
          <div className="absolute inset-x-0 bottom-0.5 flex justify-center">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => embla?.scrollTo(index)}
                aria-label={t('Go to slide {{number}}', { number: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                className="group/dot flex h-6 min-w-6 items-center justify-center rounded-full px-0.5 outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2 rounded-full shadow transition-all ${
                    index === selected ? 'w-6 bg-white' : 'w-2 bg-white/60 group-hover/dot:bg-white/90'
                  }`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** Section 1 of the home page: the banner slider with the two ad tiles beside (or under) it. */
export function HeroBanner({ banners, ads }: { banners: Banner[]; ads: Banner[] }) {
  const t = useT();
  if (banners.length === 0 && ads.length === 0) return null;
  const tiles = ads.slice(0, 2);
  return (
    // 10fr : 3fr makes the 16:5 slider exactly as tall as two stacked 2:1 ad tiles on a desktop.
    <div
      className={`grid gap-3 ${tiles.length > 0 && banners.length > 0 ? 'lg:grid-cols-[minmax(0,10fr)_minmax(0,3fr)]' : ''}`}
    >
      {banners.length > 0 && (
        <div>
          <BannerSlider banners={banners} />
        </div>
      )}
      {tiles.length > 0 && (
        <aside aria-label={t('Special offers')} className="grid grid-cols-2 gap-3 lg:grid-cols-1 lg:grid-rows-2">
          {tiles.map((ad) => (
            <BannerLink
              key={ad.id}
              banner={ad}
              className="group/ad relative block aspect-[2/1] overflow-hidden rounded-2xl bg-slate-200 shadow-sm outline-none focus-visible:ring-4 focus-visible:ring-primary-500 lg:aspect-auto"
            >
              <Img
                src={ad.thumbnail}
                alt={ad.title}
                width={800}
                height={400}
                sizes="(min-width: 1024px) 25vw, 50vw"
                className="size-full object-cover transition duration-500 group-hover/ad:scale-105 lg:absolute lg:inset-0"
              />
            </BannerLink>
          ))}
        </aside>
      )}
    </div>
  );
}
