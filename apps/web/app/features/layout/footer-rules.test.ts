import type { FooterColumn } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { isExternalUrl, isFooterColumnOpen, isLinkColumn } from './footer-rules';

describe('isFooterColumnOpen', () => {
  it('is collapsed under 640 px until toggled', () => {
    expect(isFooterColumnOpen(390, false)).toBe(false);
    expect(isFooterColumnOpen(639, false)).toBe(false);
    expect(isFooterColumnOpen(390, true)).toBe(true);
  });
  it('is always open from 640 px, whatever was toggled', () => {
    expect(isFooterColumnOpen(640, false)).toBe(true);
    expect(isFooterColumnOpen(1366, false)).toBe(true);
    expect(isFooterColumnOpen(1366, true)).toBe(true);
  });
});

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
