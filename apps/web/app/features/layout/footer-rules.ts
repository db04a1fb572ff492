import { FOOTER_BREAKPOINT_PX } from '@shop/contracts/constants';
import type { FooterColumn } from '@shop/contracts/settings';

/**
 * Spec section 2: under 640 px a link column shows its items only after its title was clicked;
 * at 640 px and wider every column is open whatever was clicked.
 */
export function isFooterColumnOpen(viewportWidth: number, toggled: boolean): boolean {
  return viewportWidth >= FOOTER_BREAKPOINT_PX || toggled;
}

/** Only columns made of links collapse; logo, text and contact columns always show. */
export function isLinkColumn(column: FooterColumn): boolean {
  return column.items.length > 0 && column.items.every((item) => item.type === 'link');
}

/** An absolute or protocol-relative URL leaves the app; anything else is an in-app path. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url);
}
