import { describe, expect, it } from 'vitest';
import { appNameFromMatches, buildTitle, pageMeta } from './title';

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

describe('appNameFromMatches / pageMeta', () => {
  const matches = [
    { id: 'root', loaderData: { appName: 'Tokoku' } },
    { id: 'routes/home', loaderData: {} },
  ];
  it('reads the app name from the root loader data', () => {
    expect(appNameFromMatches(matches)).toBe('Tokoku');
    expect(appNameFromMatches([{ id: 'root', data: { appName: 'Old' } }])).toBe('Old');
    expect(appNameFromMatches([])).toBe('');
  });
  it('builds the title and description entries', () => {
    expect(pageMeta(matches, 'Blogs', 'Read our stories')).toEqual([
      { title: 'Blogs - Tokoku' },
      { name: 'description', content: 'Read our stories' },
    ]);
    expect(pageMeta(matches)).toEqual([{ title: 'Tokoku' }]);
  });
});
