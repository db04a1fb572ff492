import { withContentImages } from './content-images';

/** Typography for stored HTML, with logical spacing so rtl lists indent on the right. */
const RICH_TEXT_CLASS =
  'leading-relaxed [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_h2]:mb-3 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mb-1.5 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mb-4 [&_strong]:text-slate-900 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:ps-6 [&_img]:my-4 [&_img]:rounded-xl';

export interface RichTextProps {
  /** HTML the server sanitised when it was saved (blog posts, CMS and policy pages). */
  html: string;
  /** The column's width in CSS pixels, for the pictures' resized copies. */
  imageWidth: number;
  /** The pictures' `sizes` attribute. */
  imageSizes: string;
  className?: string;
}

/** Stored HTML in a readable column, its pictures given what <Img> gives the rest of the site. */
export function RichText({ html, imageWidth, imageSizes, className = '' }: RichTextProps) {
  return (
    <div
      dir="auto"
      className={`text-slate-700 ${RICH_TEXT_CLASS} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: posts and pages are sanitised when saved.
      dangerouslySetInnerHTML={{ __html: withContentImages(html, imageWidth, imageSizes) }}
    />
  );
}
