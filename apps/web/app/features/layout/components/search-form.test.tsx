// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { mergeSuggestions, SearchForm, searchTextFor } from './search-form';

const reply = (products: string[], shops: string[]) => ({
  message: 'ok',
  data: {
    products: products.map((name, i) => ({
      id: i + 1,
      name,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      type: 'product',
      thumbnail: `/uploads/p${i}.webp`,
    })),
    shops: shops.map((name, i) => ({
      id: 100 + i,
      name,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      type: 'shop',
      logo: null,
    })),
  },
});

let fetchMock: ReturnType<typeof vi.fn>;

function respondWith(body: unknown, status = 200) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderBox(initial = '/') {
  const api = createApiClient({ origin: '', locale: () => 'en', fetch: fetchMock as unknown as typeof fetch });
  return render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <MemoryRouter initialEntries={[initial]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <SearchForm />
                  <CurrentUrl />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ApiProvider>
    </I18nextProvider>,
  );
}

const box = () => screen.getByRole('combobox') as HTMLInputElement;
const dropdown = () => screen.getByTestId('search-suggestions');
const isOpen = () => !dropdown().hidden && box().getAttribute('aria-expanded') === 'true';
const calledUrls = () => fetchMock.mock.calls.map((c) => String(c[0]));

/** Lets the mocked request resolve and React render its result. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function type(value: string) {
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value } });
}

async function typeAndWait(value: string) {
  await type(value);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  await settle();
}

// The reply contract loads with the first reply (lib/api-client.ts); loaded once here, so under fake
// timers a reply resolves within the few microtask turns settle() flushes.
beforeAll(async () => {
  await import('@shop/contracts/products');
});

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  respondWith(reply(['Red Shoe', 'Blue Shoe'], ['Shoe Palace']));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('mergeSuggestions', () => {
  it('puts products first and fills up to 8 with shops', () => {
    const data = reply(['a', 'b', 'c', 'd', 'e', 'f'], ['s1', 's2', 's3', 's4']).data as Parameters<
      typeof mergeSuggestions
    >[0];
    const merged = mergeSuggestions(data);
    expect(merged.map((s) => s.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 's1', 's2']);
    expect(merged.map((s) => s.type)).toEqual([...Array(6).fill('product'), 'shop', 'shop']);
  });
});

describe('searchTextFor', () => {
  it('mirrors the search parameter on /products only', () => {
    expect(searchTextFor('/products', new URLSearchParams('search=shoe'))).toBe('shoe');
    expect(searchTextFor('/search', new URLSearchParams('search=shoe'))).toBe('');
  });
});

describe('SearchForm autocomplete', () => {
  it('is an ARIA combobox controlling a listbox', () => {
    renderBox();
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    const listId = box().getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    expect(document.getElementById(listId as string)?.getAttribute('role')).toBe('listbox');
  });

  it('asks nothing before 300 ms and once after typing stops', async () => {
    renderBox();
    await type('s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await type('sh');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await type('shoe');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calledUrls()[0]).toBe('/api/products/search-autocomplete?name=shoe&limit=8');
    await settle();
    expect(isOpen()).toBe(true);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Red ShoeProduct', 'Blue ShoeProduct', 'Shoe PalaceShop']);
  });

  it('asks nothing for blank text and hides the list', async () => {
    renderBox();
    await typeAndWait('shoe');
    expect(isOpen()).toBe(true);
    fetchMock.mockClear();
    await type('   ');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isOpen()).toBe(false);
  });

  it('hides 200 ms after blur', async () => {
    renderBox();
    await typeAndWait('shoe');
    fireEvent.blur(box());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(isOpen()).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(isOpen()).toBe(false);
  });

  it('stays open after blur while the pointer is over the list, and hides once it leaves', async () => {
    renderBox();
    await typeAndWait('shoe');
    fireEvent.mouseEnter(dropdown());
    fireEvent.blur(box());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(isOpen()).toBe(true);
    fireEvent.mouseLeave(dropdown());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(isOpen()).toBe(false);
  });

  it('hides on Escape', async () => {
    renderBox();
    await typeAndWait('shoe');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(isOpen()).toBe(false);
  });

  it('moves the active option with the arrow keys and opens it with Enter', async () => {
    renderBox();
    await typeAndWait('shoe');
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[2]?.id);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[2]?.id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    // The shop suggestion leads to the shop's page.
    expect(screen.getByTestId('url').textContent).toBe('/shops/shoe-palace');
    expect(isOpen()).toBe(false);
  });

  it('opens a product suggestion at its details page on click', async () => {
    renderBox();
    await typeAndWait('shoe');
    fireEvent.click(screen.getByRole('option', { name: /Blue Shoe/ }));
    expect(screen.getByTestId('url').textContent).toBe('/products/blue-shoe/details');
  });

  it('runs the search on /products with Enter when no option is active', async () => {
    renderBox('/blogs');
    await type('red shoe');
    fireEvent.submit(box().form as HTMLFormElement);
    expect(screen.getByTestId('url').textContent).toBe('/products?search=red+shoe');
    // The pending suggestion request was dropped.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // On /products the box shows the search text.
    expect(box().value).toBe('red shoe');
  });

  it('shows the empty texts when nothing matches', async () => {
    respondWith(reply([], []));
    renderBox();
    await typeAndWait('zzz');
    expect(isOpen()).toBe(true);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(within(dropdown()).getByText('Tidak ada produk ditemukan')).toBeTruthy();
    expect(within(dropdown()).getByText('Coba kata kunci yang berbeda')).toBeTruthy();
  });

  it('shows an empty list when the request fails', async () => {
    respondWith(reply(['Red Shoe'], []));
    renderBox();
    await typeAndWait('red');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    respondWith({ message: 'Server Error' }, 500);
    await typeAndWait('redd');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(isOpen()).toBe(true);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(within(dropdown()).getByText('Tidak ada produk ditemukan')).toBeTruthy();
  });

  it('mirrors the search parameter on /products and clears elsewhere', () => {
    renderBox('/products?search=lamp');
    expect(box().value).toBe('lamp');
    cleanup();
    renderBox('/search?search=lamp');
    expect(box().value).toBe('');
  });
});
