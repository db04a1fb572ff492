import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import type { ProductDetails } from '@shop/contracts/products';
import { type KeyboardEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { JsonLd } from '../../../components/seo/json-ld';
import { Avatar } from '../../../components/ui/avatar';
import { Price } from '../../../components/ui/price';
import { Stars } from '../../../components/ui/stars';
import { CartButtons } from '../../../entities/cart/components/cart-control';
import { ChatWithShopButton } from '../../../entities/chat/components/chat-control';
import { ProductCard } from '../../../entities/product/components/product-card';
import { ReviewList } from '../../../entities/review/components/review-list';
import { ShopClosedNotice } from '../../../entities/shop/components/shop-closed-notice';
import { WishlistButton } from '../../../entities/wishlist/components/wishlist-control';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { effectivePrice, isDiscounted } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { absoluteUrl } from '../../../lib/seo';
import { productJsonLd } from '../product-json-ld';
import { ProductGallery } from './product-gallery';
import { ShareLinks } from './share-links';

export interface ProductDetailsPageProps {
  product: ProductDetails;
  related: ProductCardData[];
  popular: ProductCardData[];
  /** The shop's public origin (settings baseUrl), for share links and structured data. */
  publicUrl: string;
  appName: string;
}

/**
 * The option chosen when the page opens: the cheapest (the first of them), normally one with no
 * extra price, so the page opens at the price the cards and the cart show for the product.
 */
function cheapest(options: readonly { id: number; price: number }[]): number | undefined {
  let best: { id: number; price: number } | undefined;
  for (const option of options) if (!best || option.price < best.price) best = option;
  return best?.id;
}

export function ProductDetailsPage({ product, related, popular, publicUrl, appName }: ProductDetailsPageProps) {
  const t = useT();
  const time = useMarketTime();
  const [colorId, setColorId] = useState(() => cheapest(product.colors));
  const [sizeId, setSizeId] = useState(() => cheapest(product.sizes));
  const color = product.colors.find((c) => c.id === colorId);
  const size = product.sizes.find((s) => s.id === sizeId);
  // The price of what is chosen, as the cart prices that line: the price to pay (flash, discount
  // or regular) and the price before the discount, each with the chosen extras.
  const extras = (color?.price ?? 0) + (size?.price ?? 0);
  const unitPrice = effectivePrice(product) + extras;
  const regularPrice = product.price + extras;
  const inStock = product.quantity > 0;
  const discounted = isDiscounted(product);
  const percent =
    extras === 0 ? product.discount_percentage : Math.round(((regularPrice - unitPrice) / regularPrice) * 100);
  const url = absoluteUrl(publicUrl || 'http://localhost', paths.product(product.slug));
  const image = absoluteUrl(publicUrl || 'http://localhost', product.thumbnail);
  const category = product.categories[0];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-3 py-4 lg:px-6 lg:py-6">
      <JsonLd data={productJsonLd(product, { url, publicUrl, homeLabel: t('Home'), appName })} />
      <nav aria-label={t('Breadcrumb')} className="text-sm text-slate-500">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to={paths.home} className="hover:text-primary-700 hover:underline">
              {t('Home')}
            </Link>
          </li>
          {category && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true">/</span>
              <Link to={paths.category(category.slug)} className="hover:text-primary-700 hover:underline">
                {category.name}
              </Link>
            </li>
          )}
          <li className="flex min-w-0 items-center gap-1.5">
            <span aria-hidden="true">/</span>
            <span aria-current="page" className="truncate text-slate-700">
              {product.name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 md:grid-cols-2 lg:gap-10">
        <ProductGallery name={product.name} images={product.thumbnails} />

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-2">
            {product.brand && <p className="text-sm font-medium text-primary-700">{product.brand}</p>}
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-xl font-bold leading-snug text-slate-900 sm:text-2xl">{product.name}</h1>
              {/* The wishlist heart, when the layout provides one (features never import each other). */}
              <WishlistButton product={product} />
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center gap-1.5">
                <Stars rating={product.rating} />
                <span>{product.rating.toFixed(1)}</span>
                <span>({t('{{count}} reviews', { count: product.total_reviews })})</span>
              </span>
              <span aria-hidden="true" className="text-slate-300">
                |
              </span>
              <span>{t('{{sold}} Sold', { sold: product.total_sold })}</span>
            </div>
          </div>

          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white px-4 py-3">
            <Price amount={unitPrice} className="text-3xl font-bold text-slate-900" />
            {discounted && <Price amount={regularPrice} struck className="text-base text-slate-500" />}
            {discounted && percent > 0 && (
              <span className="rounded-md bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
                {t('{{percent}}% OFF', { percent: Math.round(percent) })}
              </span>
            )}
            {product.unit && <span className="text-sm text-slate-500">/ {product.unit.name}</span>}
            {product.flash_sale && (
              <p className="w-full text-sm font-medium text-rose-700">
                {t('Flash sale price until {{date}}', {
                  date: time.format(product.flash_sale.end_date, 'dateTimeZone'),
                })}
              </p>
            )}
          </div>

          {product.colors.length > 0 && (
            <ChoiceGroup
              legend={t('Color')}
              selected={colorId}
              onSelect={setColorId}
              options={product.colors.map((c) => ({
                id: c.id,
                label: c.name,
                extra: c.price,
                swatch: c.color_code,
              }))}
            />
          )}
          {product.sizes.length > 0 && (
            <ChoiceGroup
              legend={t('Size')}
              selected={sizeId}
              onSelect={setSizeId}
              options={product.sizes.map((s) => ({ id: s.id, label: s.name, extra: s.price }))}
            />
          )}

          {product.shop_closed ? (
            // Closed for now: unavailable, and no way to put it in a cart until the shop opens again.
            <ShopClosedNotice shopName={product.shop.name} />
          ) : (
            <>
              <p className={`text-sm font-semibold ${inStock ? 'text-emerald-700' : 'text-rose-600'}`}>
                {inStock ? t('In stock: {{count}}', { count: product.quantity }) : t('Stock Out')}
              </p>

              {/* Add to Cart and Buy Now with the chosen colour and size, when the layout provides the cart. */}
              <CartButtons
                product={product}
                choice={{ color: color?.id ?? null, size: size?.id ?? null, unit: product.unit?.name ?? null }}
              />
            </>
          )}

          {product.short_description && (
            <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">{product.short_description}</p>
          )}

          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {product.sku && (
              <>
                <dt className="text-slate-500">{t('SKU')}</dt>
                <dd className="text-slate-800">{product.sku}</dd>
              </>
            )}
            {product.categories.length > 0 && (
              <>
                <dt className="text-slate-500">{t('Categories')}</dt>
                <dd className="flex flex-wrap gap-x-2">
                  {product.categories.map((c) => (
                    <Link key={c.id} to={paths.category(c.slug)} className="text-primary-700 hover:underline">
                      {c.name}
                    </Link>
                  ))}
                </dd>
              </>
            )}
          </dl>

          <ShareLinks url={url} title={product.name} image={image} />

          <ShopBox shop={product.shop} productId={product.id} />
        </div>
      </div>

      <DetailsTabs product={product} />

      {related.length > 0 && <ProductRow title={t('Related Products')} products={related} />}
      {popular.length > 0 && <ProductRow title={t('More from this shop')} products={popular} />}
    </div>
  );
}

interface Choice {
  id: number;
  label: string;
  /** Added to the price when chosen. */
  extra: number;
  swatch?: string;
}

/** A colour or size picker: native radio buttons (arrow keys move the choice), drawn as chips. */
function ChoiceGroup({
  legend,
  options,
  selected,
  onSelect,
}: {
  legend: string;
  options: Choice[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.id}
            className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500 ${
              selected === option.id
                ? 'border-primary-600 bg-primary-50 text-primary-800'
                : 'border-slate-300 text-slate-700 hover:border-slate-400'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={selected === option.id}
              onChange={() => onSelect(option.id)}
              className="sr-only"
            />
            {option.swatch && (
              <span
                aria-hidden="true"
                className="size-4 rounded-full border border-slate-300"
                style={{ backgroundColor: option.swatch }}
              />
            )}
            <span>{option.label}</span>
            {option.extra > 0 && (
              <span className="text-xs text-slate-500">
                +<Price amount={option.extra} />
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ShopBox({ shop, productId }: { shop: ProductDetails['shop']; productId: number }) {
  const t = useT();
  return (
    <section
      aria-label={t('Shop')}
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
    >
      <Avatar
        src={shop.logo}
        name={shop.name}
        size={56}
        className="size-14 rounded-full bg-primary-100"
        imageClassName="size-full rounded-full border border-slate-200 object-cover"
        initialClassName="text-lg font-bold text-primary-800"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900" dir="auto">
          {shop.name}
        </p>
        <p className="flex items-center gap-1.5 text-xs text-slate-600">
          <Stars rating={shop.rating} small />
          <span>{shop.rating.toFixed(1)}</span>
          <span>({t('{{count}} reviews', { count: shop.total_reviews })})</span>
        </p>
        {shop.estimated_delivery_time && (
          <p className="text-xs text-slate-500">{t('Delivery: {{time}}', { time: shop.estimated_delivery_time })}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        <ChatWithShopButton
          target={{ shop: { id: shop.id, name: shop.name, logo: shop.logo }, productId }}
          className="inline-flex items-center justify-center gap-1.5 rounded-lg bg-primary-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2 disabled:opacity-60"
        />
        <Link
          to={paths.shop(shop.slug)}
          className="shrink-0 rounded-lg border border-primary-700 px-3 py-1.5 text-center text-sm font-medium text-primary-700 hover:bg-primary-50"
        >
          {t('Visit Store')}
        </Link>
      </div>
    </section>
  );
}

type Tab = 'about' | 'reviews';

/** "About product" and "Reviews" as an ARIA tab list (arrow keys switch tabs). */
function DetailsTabs({ product }: { product: ProductDetails }) {
  const t = useT();
  const id = useId();
  const [tab, setTab] = useState<Tab>('about');
  const tabs: { key: Tab; label: string }[] = [
    { key: 'about', label: t('About product') },
    { key: 'reviews', label: t('Reviews') },
  ];
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab = tab === 'about' ? 'reviews' : 'about';
    const target: Tab = event.key === 'Home' ? 'about' : event.key === 'End' ? 'reviews' : next;
    setTab(target);
    document.getElementById(`${id}-${target}-tab`)?.focus();
  };
  return (
    <section className="rounded-2xl border border-slate-200 bg-white">
      <div role="tablist" aria-label={t('Product information')} className="flex border-b border-slate-200 px-2">
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            id={`${id}-${key}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-3 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-primary-500 ${
              tab === key
                ? 'border-primary-700 text-primary-800'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {label}
            {key === 'reviews' && ` (${product.total_reviews})`}
          </button>
        ))}
      </div>
      <div
        id={`${id}-about-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-about-tab`}
        hidden={tab !== 'about'}
        className="p-4 sm:p-6"
      >
        {product.description ? (
          <div
            className="product-description max-w-none text-sm leading-relaxed text-slate-700 [&_a]:text-primary-700 [&_a]:underline [&_h2]:mb-2 [&_h2]:mt-4 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-3 [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_li]:ms-5 [&_ol]:list-decimal [&_p]:mb-3 [&_ul]:list-disc"
            // The description is sanitised when it is saved.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the catalogue.
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        ) : (
          <p className="text-sm text-slate-500">{t('No description yet')}</p>
        )}
      </div>
      <div
        id={`${id}-reviews-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-reviews-tab`}
        hidden={tab !== 'reviews'}
        className="p-4 sm:p-6"
      >
        {tab === 'reviews' && <ProductReviews productId={product.id} />}
      </div>
    </section>
  );
}

function ProductRow({ title, products }: { title: string; products: ProductCardData[] }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Reviews tab; its page starts again at 1 each time the tab opens. */
function ProductReviews({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  return <ReviewList of={{ product_id: productId }} paging={{ type: 'button', page, onPage: setPage }} />;
}
