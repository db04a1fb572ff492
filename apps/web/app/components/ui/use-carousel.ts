import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';

type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * Embla for a server-rendered slider, started one frame after hydration: Embla measures its
 * slides when it starts, which inside the hydrating task forced a layout of the whole page (~20 ms
 * on a phone, part of the home page's longest task). The first slide is on screen either way.
 */
export function useCarousel(options: CarouselOptions) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setActive(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return useEmblaCarousel({ ...options, active });
}
