// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import type { HeaderUser } from './account-menu';
import { SiteHeader } from './site-header';

const i18n = createI18n('en', {});
afterEach(cleanup);

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(user: HeaderUser | null, handlers: { onLogin?: () => void; onLogout?: () => void } = {}) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: vi.fn() });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    <SiteHeader
                      master={undefined}
                      loading={false}
                      categories={[]}
                      categoriesStatus="success"
                      wishlistCount={user ? 3 : 0}
                      cartCount={0}
                      user={user}
                      {...handlers}
                    />
                    <Path />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('SiteHeader and the session', () => {
  it('a visitor: Login opens the login dialog; the wishlist icon asks to log in instead of navigating', () => {
    const onLogin = vi.fn();
    renderHeader(null, { onLogin });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'Wishlist (0)' }));
    expect(onLogin).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(screen.queryByRole('button', { name: /My account/ })).toBeNull();
  });

  it('the phone menu leads to the three top-up pages', async () => {
    renderHeader(null);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const topUps = await screen.findByRole('navigation', { name: 'Top-ups and bills' });
    expect(
      within(topUps)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/digital-product/pulsa/telkomsel', '/digital-product/pulsa/xl', '/digital-product/pln/token']);
  });

  it('a signed-in shopper: the account menu with the spec entries and Log Out; the wishlist goes to /wishlist', async () => {
    const onLogout = vi.fn();
    const onLogin = vi.fn();
    renderHeader({ name: 'Demo Customer With A Long Name', profile_photo: null }, { onLogout, onLogin });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    const name = screen.getByTitle('Demo Customer With A Long Name');
    expect(name.className).toContain('max-w-24');
    expect(name.className).toContain('truncate');
    fireEvent.click(screen.getByRole('button', { name: 'Demo Customer With A Long Name , My account' }));
    const menu = await screen.findByRole('menu');
    const hrefs = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.getAttribute('href') ?? item.textContent);
    expect(hrefs).toEqual(['/dashboard', '/order-history', '/profile', '/change-password', 'Log Out']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'Wishlist (3)' }));
    expect(screen.getByTestId('path').textContent).toBe('/wishlist');
    expect(onLogin).not.toHaveBeenCalled();
  });
});
