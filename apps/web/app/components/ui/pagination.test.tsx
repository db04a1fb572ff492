// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { formatPageNumber, Pagination, type PaginationProps, pageItems, pageUrl } from './pagination';

function wrap(children: ReactNode, translations: Record<string, string> = {}, locale = 'en') {
  return (
    <I18nextProvider i18n={createI18n(locale, translations)}>
      <MemoryRouter initialEntries={['/products?page=3']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {children}
                <CurrentUrl />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>
  );
}

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderPagination(props: PaginationProps) {
  return render(wrap(<Pagination {...props} />));
}

/** The visible page numbers, in order, as the user reads them. */
function pageNumbers(): string[] {
  const nav = screen.getByRole('navigation');
  return [...nav.querySelectorAll('button, a, [role="link"]')]
    .filter((el) => !/Previous|Next|السابق|التالي|قبلی|بعدی/.test(el.getAttribute('aria-label') ?? ''))
    .map((el) => el.textContent ?? '');
}

afterEach(cleanup);

describe('pageItems', () => {
  it('lists every page when they fit in maxPagesShown', () => {
    expect(pageItems(1, 4, 5)).toEqual([1, 2, 3, 4].map((page) => ({ kind: 'page', page })));
  });

  it('centres a window of maxPagesShown pages on the current one, with first and last page and gaps', () => {
    const flat = (items: ReturnType<typeof pageItems>) => items.map((i) => (i.kind === 'page' ? i.page : '…'));
    expect(flat(pageItems(10, 20, 5))).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(flat(pageItems(1, 20, 5))).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(flat(pageItems(20, 20, 5))).toEqual([1, '…', 16, 17, 18, 19, 20]);
    expect(flat(pageItems(3, 20, 5))).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(flat(pageItems(4, 20, 5))).toEqual([1, 2, 3, 4, 5, 6, '…', 20]);
    expect(flat(pageItems(7, 20, 1))).toEqual([1, '…', 7, '…', 20]);
  });

  it('keeps a window for a current page outside the range instead of failing', () => {
    const flat = (items: ReturnType<typeof pageItems>) => items.map((i) => (i.kind === 'page' ? i.page : '…'));
    expect(flat(pageItems(0, 20, 5))).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(flat(pageItems(99, 20, 5))).toEqual([1, '…', 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('defaults to 10 items per page and 5 page buttons', () => {
    renderPagination({ totalItems: 95, modelValue: 1 });
    // 95 items / 10 per page = 10 pages: a window of 5, then the last page.
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5', '10']);
  });

  it('uses itemsPerPage and maxPagesShown', () => {
    renderPagination({ totalItems: 36, itemsPerPage: 12, modelValue: 2, maxPagesShown: 2 });
    // 3 pages, window of 2 around page 2.
    expect(pageNumbers()).toEqual(['1', '2', '3']);
    cleanup();
    renderPagination({ totalItems: 100, itemsPerPage: 12, modelValue: 5, maxPagesShown: 3 });
    expect(pageNumbers()).toEqual(['1', '4', '5', '6', '9']);
  });

  it('renders nothing when everything fits on one page', () => {
    const { container } = renderPagination({ totalItems: 10, modelValue: 1 });
    expect(container.querySelector('nav')).toBeNull();
    cleanup();
    expect(renderPagination({ totalItems: 0, modelValue: 1 }).container.querySelector('nav')).toBeNull();
  });

  it('throws a clear error when maxPagesShown is not above 0', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderPagination({ totalItems: 50, modelValue: 1, maxPagesShown: 0 })).toThrow(
      /maxPagesShown must be a number above 0/,
    );
    expect(() => renderPagination({ totalItems: 50, modelValue: 1, maxPagesShown: -3 })).toThrow(/maxPagesShown/);
    spy.mockRestore();
  });

  it('throws when type link has no urlTemplate containing [page]', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderPagination({ totalItems: 50, modelValue: 1, type: 'link', urlTemplate: '/products?page=' }),
    ).toThrow(/urlTemplate containing "\[page\]"/);
    expect(() =>
      renderPagination({ totalItems: 50, modelValue: 1, type: 'link' } as unknown as PaginationProps),
    ).toThrow(/\[page\]/);
    spy.mockRestore();
  });

  it('is a labelled navigation marking the current page with aria-current', () => {
    renderPagination({ totalItems: 50, modelValue: 3, ariaLabel: 'Products pages' });
    const nav = screen.getByRole('navigation', { name: 'Products pages' });
    const current = within(nav).getByRole('button', { current: 'page' });
    expect(current.textContent).toBe('3');
    expect(
      within(nav)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('names the navigation "Pagination" by default, translated', () => {
    render(wrap(<Pagination totalItems={50} modelValue={1} />, { Pagination: 'Halaman', Previous: 'Sebelumnya' }));
    expect(screen.getByRole('navigation', { name: 'Halaman' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sebelumnya' })).toBeTruthy();
  });

  it('type button reports the clicked page through onUpdate', () => {
    const onUpdate = vi.fn();
    renderPagination({ totalItems: 50, modelValue: 3, onUpdate });
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onUpdate.mock.calls).toEqual([[4], [4], [2]]);
  });

  it('disables prev on the first page and next on the last', () => {
    const onUpdate = vi.fn();
    renderPagination({ totalItems: 50, modelValue: 1, onUpdate });
    const prev = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    fireEvent.click(prev);
    expect(onUpdate).not.toHaveBeenCalled();
    cleanup();
    renderPagination({ totalItems: 50, modelValue: 5, onUpdate });
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('ignores the current page and pages outside 1..totalPages', () => {
    const onUpdate = vi.fn();
    renderPagination({ totalItems: 50, modelValue: 3, onUpdate });
    fireEvent.click(screen.getByRole('button', { current: 'page' }));
    expect(onUpdate).not.toHaveBeenCalled();
    expect(pageUrl('/p?page=[page]', 0, 5)).toBeNull();
    expect(pageUrl('/p?page=[page]', 6, 5)).toBeNull();
    expect(pageUrl('/p?page=[page]', 2.5, 5)).toBeNull();
    expect(pageUrl('/p?page=[page]', 5, 5)).toBe('/p?page=5');
  });

  it('renders an out-of-range modelValue with no current page and no way further out', () => {
    const onUpdate = vi.fn();
    renderPagination({ totalItems: 50, modelValue: 9, onUpdate });
    expect(screen.queryByRole('button', { current: 'page' })).toBeNull();
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    const prev = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    // Page 8 and page 10 do not exist: both steps are disabled and clicking does nothing.
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(true);
    fireEvent.click(prev);
    fireEvent.click(next);
    expect(onUpdate).not.toHaveBeenCalled();
    // Any real page still works.
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onUpdate).toHaveBeenCalledWith(5);
    cleanup();
    renderPagination({ totalItems: 50, modelValue: 0, onUpdate });
    expect(screen.queryByRole('button', { current: 'page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onUpdate).toHaveBeenLastCalledWith(1);
  });

  it('type link renders real links from the template and navigates', () => {
    renderPagination({ totalItems: 50, modelValue: 3, type: 'link', urlTemplate: '/products?sort=newest&page=[page]' });
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);
    const four = screen.getByRole('link', { name: 'Page 4' });
    expect(four.getAttribute('href')).toBe('/products?sort=newest&page=4');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/products?sort=newest&page=4');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('rel')).toBe('next');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/products?sort=newest&page=2');
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/products?sort=newest&page=3');
    fireEvent.click(four);
    expect(screen.getByTestId('url').textContent).toBe('/products?sort=newest&page=4');
  });

  it('type link marks prev disabled at the first page, with no href', () => {
    renderPagination({ totalItems: 50, modelValue: 1, type: 'link', urlTemplate: '/x/[page]' });
    const prev = screen.getByRole('link', { name: 'Previous' });
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    expect(prev.hasAttribute('href')).toBe(false);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/x/2');
  });

  it('writes page numbers in Arabic-Indic (ar) and Persian (ir) digits with their labels', () => {
    renderPagination({ totalItems: 120, modelValue: 10, locale: 'ar' });
    expect(pageNumbers()).toEqual(['١', '٨', '٩', '١٠', '١١', '١٢']);
    expect(screen.getByRole('button', { name: 'السابق' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeTruthy();
    cleanup();
    renderPagination({ totalItems: 120, modelValue: 10, locale: 'ir' });
    expect(pageNumbers()).toEqual(['۱', '۸', '۹', '۱۰', '۱۱', '۱۲']);
    expect(screen.getByRole('button', { name: 'قبلی' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بعدی' })).toBeTruthy();
    expect(formatPageNumber(2047, 'en')).toBe('2047');
  });

  it('takes explicit labels over the locale ones', () => {
    renderPagination({ totalItems: 50, modelValue: 2, labels: { prev: 'Back', next: 'On' } });
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'On' })).toBeTruthy();
  });

  it('mirrors the arrows in rtl', () => {
    renderPagination({ totalItems: 50, modelValue: 2, dir: 'ltr' });
    const arrow = (name: string) =>
      screen.getByRole('button', { name }).querySelector('svg')?.getAttribute('data-points');
    expect(screen.getByRole('navigation').getAttribute('dir')).toBe('ltr');
    expect(arrow('Previous')).toBe('left');
    expect(arrow('Next')).toBe('right');
    cleanup();
    renderPagination({ totalItems: 50, modelValue: 2, dir: 'rtl' });
    expect(screen.getByRole('navigation').getAttribute('dir')).toBe('rtl');
    expect(arrow('Previous')).toBe('right');
    expect(arrow('Next')).toBe('left');
  });
});
