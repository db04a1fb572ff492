// @vitest-environment happy-dom
import type { Category } from '@shop/contracts/catalog';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { CategoryMegaMenu } from './category-mega-menu';

function category(id: number, name: string, subCount: number): Category {
  return {
    id,
    name,
    slug: name.toLowerCase(),
    thumbnail: null,
    products_count: 10,
    sub_categories: Array.from({ length: subCount }, (_, i) => ({
      id: id * 1000 + i,
      name: `${name} Sub ${i + 1}`,
      slug: `${name.toLowerCase()}-sub-${i + 1}`,
      thumbnail: i % 2 === 0 ? null : `/uploads/sub-${i}.webp`,
    })),
  };
}

function renderMenu(categories: Category[], status: 'pending' | 'error' | 'success' = 'success') {
  return render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <MemoryRouter>
        <CategoryMegaMenu categories={categories} status={status} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const openButton = () => screen.getByRole('button', { name: /Categories/ });
const panel = () => screen.getByTestId('mega-menu-panel');

afterEach(cleanup);

describe('CategoryMegaMenu', () => {
  it('shows at most 50 subcategories, then a link to the other 5', () => {
    renderMenu([category(1, 'Fashion', 55), category(2, 'Gadgets', 3)]);
    expect(openButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(openButton());
    expect(openButton().getAttribute('aria-expanded')).toBe('true');

    const subLinks = within(panel())
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/categories/fashion/'));
    expect(subLinks).toHaveLength(50);
    expect(subLinks[0]?.getAttribute('href')).toBe('/categories/fashion/fashion-sub-1');
    expect(within(panel()).queryByText('Fashion Sub 51')).toBeNull();

    const more = within(panel()).getByRole('link', { name: 'Lihat 5 subkategori lainnya' });
    expect(more.getAttribute('href')).toBe('/categories/fashion');
  });

  it('shows no "more" link when the category has 50 or fewer', () => {
    renderMenu([category(1, 'Fashion', 50)]);
    fireEvent.click(openButton());
    expect(
      within(panel())
        .getAllByRole('link')
        .filter((a) => a.textContent?.includes('Sub')),
    ).toHaveLength(50);
    expect(screen.queryByText(/subkategori lainnya/)).toBeNull();
  });

  it('lists each category with its initial, name, link and number of subcategories', () => {
    renderMenu([category(1, 'Fashion', 55), category(2, 'Gadgets', 3)]);
    fireEvent.click(openButton());
    const list = screen.getByRole('list', { name: 'Categories' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/categories/fashion', '/categories/gadgets']);
    expect(links[0]?.textContent).toContain('F');
    expect(links[0]?.textContent).toContain('55');
    expect(links[1]?.textContent).toContain('3');
  });

  it('switches the right panel to the hovered category', () => {
    renderMenu([category(1, 'Fashion', 55), category(2, 'Gadgets', 3)]);
    fireEvent.click(openButton());
    expect(within(panel()).getByText('Fashion Sub 1')).toBeTruthy();

    fireEvent.mouseEnter(screen.getByRole('link', { name: /Gadgets/ }));
    expect(within(panel()).queryByText('Fashion Sub 1')).toBeNull();
    expect(within(panel()).getByText('Gadgets Sub 3')).toBeTruthy();
    expect(within(panel()).getByRole('heading', { name: 'Gadgets' })).toBeTruthy();
    expect(screen.queryByText(/subkategori lainnya/)).toBeNull();
  });

  it('shows the empty text when there are no categories', () => {
    renderMenu([]);
    fireEvent.click(openButton());
    expect(screen.getByText('Tidak ada kategori tersedia')).toBeTruthy();
  });

  it('opens from the keyboard, moves with arrows and closes with Escape', () => {
    renderMenu([category(1, 'Fashion', 2), category(2, 'Gadgets', 3)]);
    act(() => openButton().focus());
    fireEvent.keyDown(openButton(), { key: 'ArrowDown' });
    expect(openButton().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Categories' });
    const fashion = within(list).getByRole('link', { name: /Fashion/ });
    expect(document.activeElement).toBe(fashion);

    fireEvent.keyDown(fashion, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(list).getByRole('link', { name: /Gadgets/ }));
    expect(within(panel()).getByText('Gadgets Sub 1')).toBeTruthy();

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(openButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(openButton());
  });
});
