import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useRef, useState } from 'react';

type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * Embla for a server-rendered slider, created one frame after hydration: creating it (~20 ms on a
 * phone: it reads its options, media queries and slide sizes) inside the hydrating task made the
 * home page's longest task longer. Until then the first slide shows as the server drew it.
 * Returns a ref for the viewport element and Embla's API (undefined until created).
 */
export function useCarousel(options: CarouselOptions) {
  const [viewportRef, embla] = useEmblaCarousel(options);
  // A ref object, not a state setter as a callback ref: a state update from a ref callback runs
  // synchronously inside the hydration's commit and drags every pending effect into that task.
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const frame = requestAnimationFrame(() => viewportRef(node));
    return () => cancelAnimationFrame(frame);
  }, [viewportRef]);
  return [viewport, embla] as const;
}

/** The index of the slide in view (0 until Embla is created), for the dots under a slider. */
export function useSelectedSlide(embla: ReturnType<typeof useCarousel>[1]): number {
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);
  return selected;
}
