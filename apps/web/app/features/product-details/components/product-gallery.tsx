import type { ProductDetails } from '@shop/contracts/products';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Img } from '../../../components/ui/img';

/**
 * The main image with a strip of thumbnails. The first image is the page's largest paint: it
 * loads eagerly with high priority (the route also preloads it); the others load lazily. Arrow
 * keys move along the strip (mirrored in rtl), Home and End jump to its ends.
 */
export function ProductGallery({ name, images }: { name: string; images: ProductDetails['thumbnails'] }) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = images[current] ?? images[0];

  const select = (index: number) => {
    const next = (index + images.length) % images.length;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) select(current + 1);
    else if (event.key === back) select(current - 1);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(images.length - 1);
    else return;
    event.preventDefault();
  };

  if (!shown) return <div className="aspect-square w-full rounded-2xl bg-slate-100" />;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {images.map((image, index) => (
          <img
            key={image.id}
            src={image.thumbnail}
            width={image.width}
            height={image.height}
            alt={
              index === 0 ? name : t('{{name}}, image {{n}} of {{total}}', { name, n: index + 1, total: images.length })
            }
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
            className={`aspect-square w-full object-contain ${index === current ? 'block' : 'hidden'}`}
          />
        ))}
      </div>
      {images.length > 1 && (
        <div
          role="toolbar"
          aria-label={t('Product images')}
          onKeyDown={onKeyDown}
          className="flex gap-2 overflow-x-auto pb-1"
        >
          {images.map((image, index) => (
            <button
              key={image.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              tabIndex={index === current ? 0 : -1}
              aria-pressed={index === current}
              aria-label={t('Show image {{n}} of {{total}}', { n: index + 1, total: images.length })}
              onClick={() => setCurrent(index)}
              className={`size-16 shrink-0 overflow-hidden rounded-lg border-2 bg-white outline-none transition focus-visible:ring-2 focus-visible:ring-primary-500 sm:size-20 ${
                index === current ? 'border-primary-600' : 'border-slate-200 hover:border-slate-400'
              }`}
            >
              {/* An 80 px square from the server's resized copies, not the full photo (a few kB instead of ~50). */}
              <Img
                src={image.thumbnail}
                width={80}
                height={80}
                sizes="80px"
                alt=""
                className="size-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
