import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';

type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * Embla for a server-rendered slider, created one frame after hydration: creating it (~20 ms on a
 * phone: it reads its options, media queries and slide sizes) inside the hydrating task made the
 * home page's longest task longer. Until then the first slide shows as the server drew it.
 * Returns a ref for the viewport element and Embla's API (undefined until created).
 */
export function useCarousel(options: CarouselOptions) {
  const [viewportRef, embla] = useEmblaCarousel(options);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!viewport) return;
    const frame = requestAnimationFrame(() => viewportRef(viewport));
    return () => cancelAnimationFrame(frame);
  }, [viewport, viewportRef]);
  return [setViewport, embla] as const;
}
