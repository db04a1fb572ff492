import type { FooterColumn } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { isExternalUrl, isLinkColumn } from './footer-rules';

describe('isLinkColumn / isExternalUrl', () => {
  const item = (type: FooterColumn['items'][number]['type']) => ({
    id: 1,
    type,
    title: 't',
    url: '/x',
    target: '_self' as const,
  });
  it('collapses only columns made of links', () => {
    expect(isLinkColumn({ id: 1, position: 1, title: 'Help', items: [item('link'), item('link')] })).toBe(true);
    expect(isLinkColumn({ id: 1, position: 1, title: 'About', items: [item('logo'), item('text')] })).toBe(false);
    expect(isLinkColumn({ id: 1, position: 1, title: 'Mixed', items: [item('link'), item('email')] })).toBe(false);
    expect(isLinkColumn({ id: 1, position: 1, title: 'Empty', items: [] })).toBe(false);
  });
  it('tells external URLs from in-app paths', () => {
    expect(isExternalUrl('https://example.com')).toBe(true);
    expect(isExternalUrl('//cdn.example.com/a')).toBe(true);
    expect(isExternalUrl('/about-us')).toBe(false);
    expect(isExternalUrl('page/faq')).toBe(false);
  });
});
