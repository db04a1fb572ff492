import { describe, expect, it } from 'vitest';
import { buildTitle } from './title';

describe('buildTitle', () => {
  it('joins the page title and the app name', () => {
    expect(buildTitle('Page Not Found', 'Tokoku')).toBe('Page Not Found - Tokoku');
  });
  it('is the app name alone without a page title', () => {
    expect(buildTitle('', 'Tokoku')).toBe('Tokoku');
    expect(buildTitle(undefined, 'Tokoku')).toBe('Tokoku');
    expect(buildTitle('   ', 'Tokoku')).toBe('Tokoku');
  });
  it('is the page title alone while the app name is unknown', () => {
    expect(buildTitle('Wishlist', '')).toBe('Wishlist');
    expect(buildTitle('Wishlist', null)).toBe('Wishlist');
  });
});
