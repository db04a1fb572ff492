// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TILE_GRID_IMAGE_SIZES } from '../../../components/ui/grid';
import { createI18n } from '../../../lib/i18n';
import { shopCard } from '../../../testing/fixtures';
import { ShopCard } from './shop-card';

const i18n = createI18n('en', {});

afterEach(cleanup);

function renderCard(shop = shopCard()) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ShopCard shop={shop} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('ShopCard', () => {
  it('links to the shop page with its name, rating, product count and status', () => {
    renderCard(shopCard({ slug: 'toko batik', shop_status: 'Offline' }));
    const link = screen.getByRole('link', { name: /Batik Store/ });
    expect(link.getAttribute('href')).toBe('/shops/toko%20batik');
    expect(link.textContent).toContain('4.8');
    expect(link.textContent).toContain('42 Products');
    expect(link.textContent).toContain('Offline');
  });

  it('shows banner and logo as resized, lazily loaded images', () => {
    const { container } = renderCard(
      shopCard({ banner: '/uploads/shops/cover.webp', logo: '/uploads/shops/logo.webp' }),
    );
    const [banner, logo] = [...container.querySelectorAll('img')];
    expect(banner?.getAttribute('srcset')).toContain('/media/320/uploads/shops/cover.webp 320w');
    expect(banner?.getAttribute('sizes')).toBe(TILE_GRID_IMAGE_SIZES);
    expect(banner?.getAttribute('loading')).toBe('lazy');
    expect(logo?.getAttribute('srcset')).toContain('/media/160/uploads/shops/logo.webp 160w');
    expect(logo?.getAttribute('width')).toBe('56');
  });

  it("shows the name's first letter when the shop has no logo", () => {
    const { container } = renderCard(shopCard({ name: 'zamrud', logo: null, banner: null }));
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.textContent).toContain('Z');
  });
});
