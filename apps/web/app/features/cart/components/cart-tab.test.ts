import { describe, expect, it } from 'vitest';
import { tabHiddenOn } from './cart-tab';

describe('the floating cart tab', () => {
  it('is hidden on checkout, buy now, blogs and blog details', () => {
    for (const path of ['/checkout', '/buynow', '/blogs', '/blogs/', '/blog/batik-story']) {
      expect(tabHiddenOn(path), path).toBe(true);
    }
  });

  it('shows everywhere else', () => {
    for (const path of ['/', '/products', '/products/x/details', '/blogger', '/checkout-help', '/dashboard']) {
      expect(tabHiddenOn(path), path).toBe(false);
    }
  });
});
