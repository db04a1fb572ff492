import type { FooterColumn } from '@shop/contracts/settings';

/** Only columns made of links collapse; logo, text and contact columns always show. */
export function isLinkColumn(column: FooterColumn): boolean {
  return column.items.length > 0 && column.items.every((item) => item.type === 'link');
}

/** An absolute or protocol-relative URL leaves the app; anything else is an in-app path. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url);
}
