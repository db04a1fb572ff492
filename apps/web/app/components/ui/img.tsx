import { createContext, type ImgHTMLAttributes, useContext } from 'react';

/** The widths GET /media/{width}/... serves (server modules/media); srcset candidates use only these. */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;

/** Uploaded raster images can be resized by the server; SVGs and other hosts cannot. */
function resizable(src: string): boolean {
  return src.startsWith('/uploads/') && !/\.svg(\?|$)/i.test(src);
}

/**
 * `srcset` of an uploaded image for a box `width` CSS pixels wide: every offered width up to twice
 * that (for dense screens), or undefined for images the server cannot resize.
 */
export function mediaSrcSet(src: string, width: number): string | undefined {
  if (!resizable(src)) return undefined;
  const limit = Math.max(width * 2, MEDIA_WIDTHS[0]);
  const widths = MEDIA_WIDTHS.filter((w) => w <= limit);
  const larger = MEDIA_WIDTHS.find((w) => w > limit);
  if (larger && widths.length > 0 && (widths[widths.length - 1] ?? 0) < limit) widths.push(larger);
  return widths.map((w) => `${`/media/${w}${src}`} ${w}w`).join(', ');
}

/**
 * Where original uploads are fetched from (the master's media_url: a CDN or the media bucket's
 * public address), or null for this site's /uploads. Resized copies always come from this site.
 */
export const MediaBase = createContext<string | null>(null);

/** An upload's original at the media base, when there is one; any other address as it is. */
export function originalSrc(src: string, base: string | null): string {
  return base && src.startsWith('/uploads/') ? `${base}${src}` : src;
}

export interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'alt'> {
  src: string;
  /** Intrinsic or displayed size in CSS pixels; reserves the space before the image loads. */
  width: number;
  height: number;
  alt: string;
  /** Which width the image takes on screen, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes?: string;
  /** Above the fold (hero, first cards): load at once and first. */
  priority?: boolean;
}

/** An image that loads lazily and at the size it is shown, from the server's resized copies. */
export function Img({ src, width, height, alt, sizes, priority = false, ...rest }: ImgProps) {
  const srcSet = mediaSrcSet(src, width);
  const base = useContext(MediaBase);
  return (
    <img
      src={originalSrc(src, base)}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      {...rest}
    />
  );
}
