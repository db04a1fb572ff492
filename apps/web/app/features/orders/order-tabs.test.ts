import { ORDER_TABS as CONTRACT_TABS } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { HISTORY_TABS, ORDER_TABS, orderHistoryHref, pageOf, tabOf } from './order-tabs';

describe('order tabs', () => {
  it('are the contract tabs, in its order', () => {
    expect(ORDER_TABS.map(({ key, status }) => ({ key, status }))).toEqual(
      CONTRACT_TABS.map(({ key, status }) => ({ key, status })),
    );
  });

  it('read the tab and page of the URL, falling back to All and 1', () => {
    expect(tabOf('on_the_way').status).toBe('On The Way');
    expect(tabOf('digital').key).toBe('digital');
    expect(tabOf('refunded').key).toBe('all');
    expect(tabOf(null).key).toBe('all');
    expect(pageOf('3')).toBe(3);
    expect(pageOf('0')).toBe(1);
    expect(pageOf('-2')).toBe(1);
    expect(pageOf('abc')).toBe(1);
  });

  it('end with the Digital tab, which sends no status filter', () => {
    expect(HISTORY_TABS.map((tab) => tab.key)).toEqual([...ORDER_TABS.map((tab) => tab.key), 'digital']);
    expect(tabOf('digital').status).toBeNull();
  });

  it('build the shareable link of a tab and page', () => {
    expect(orderHistoryHref('all')).toBe('/order-history');
    expect(orderHistoryHref('on_the_way', 2)).toBe('/order-history?status=on_the_way&page=2');
    expect(orderHistoryHref('pending', '[page]')).toBe('/order-history?status=pending&page=[page]');
    expect(orderHistoryHref('digital', 2)).toBe('/order-history?status=digital&page=2');
  });
});
