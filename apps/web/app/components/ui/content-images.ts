import { mediaSrcSet } from './img';

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/gi;
const SRC = /\ssrc\s*=\s*"([^"]*)"/i;

/**
 * Pictures inside CMS and blog HTML, given what <Img> gives the rest of the site: they load lazily,
 * decode off the main thread and, when uploaded here, come from the server's resized copies for a
 * column `width` CSS pixels wide. The HTML is the server's sanitised output (attributes in double
 * quotes); anything the author set (loading, srcset) is kept.
 */
export function withContentImages(html: string, width: number, sizes: string): string {
  return html.replace(IMG_TAG, (_tag, attrs: string) => {
    let extra = '';
    if (!/\sloading\s*=/i.test(attrs)) extra += ' loading="lazy"';
    if (!/\sdecoding\s*=/i.test(attrs)) extra += ' decoding="async"';
    const src = SRC.exec(attrs)?.[1];
    // A srcset is a comma- and space-separated list: such a path cannot go in it as it is.
    if (src && !/[\s,]/.test(src) && !/\ssrcset\s*=/i.test(attrs)) {
      const srcSet = mediaSrcSet(src, width);
      if (srcSet) extra += ` srcset="${srcSet}" sizes="${sizes.replace(/"/g, '')}"`;
    }
    return `<img${attrs}${extra}>`;
  });
}
