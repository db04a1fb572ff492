import { describe, expect, it } from 'vitest';
import { nextJustForYouPage } from './home-query-options';

type Page = Parameters<typeof nextJustForYouPage>[0];

function page(count: number, total: number, startId = 1): Page {
  return {
    total,
    products: Array.from({ length: count }, (_, i) => ({ id: startId + i }) as Page['products'][number]),
  };
}

describe('nextJustForYouPage', () => {
  it('asks for the next page while fewer than total are loaded', () => {
    const first = page(12, 30);
    expect(nextJustForYouPage(first, [first], 1)).toBe(2);
    const second = page(12, 30, 13);
    expect(nextJustForYouPage(second, [first, second], 2)).toBe(3);
  });

  it('stops once every product is loaded', () => {
    const pages = [page(12, 30), page(12, 30, 13), page(6, 30, 25)];
    expect(nextJustForYouPage(pages[2]!, pages, 3)).toBeUndefined();
    const only = page(12, 12);
    expect(nextJustForYouPage(only, [only], 1)).toBeUndefined();
  });

  it('stops on an empty page even if the total says more (products removed meanwhile)', () => {
    const first = page(12, 40);
    const empty = page(0, 40);
    expect(nextJustForYouPage(empty, [first, empty], 2)).toBeUndefined();
  });
});
