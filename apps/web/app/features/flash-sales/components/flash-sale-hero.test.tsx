// @vitest-environment happy-dom
import type { FlashSaleWithStatus } from '@shop/contracts/shops';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { FlashSaleHero } from './flash-sale-hero';

// The app's own set-up: English keys, no resources needed.
const i18n = createI18n('en', {});

afterEach(cleanup);

const sale = (status: FlashSaleWithStatus['status']): FlashSaleWithStatus => ({
  id: 1,
  name: 'Payday Sale',
  thumbnail: null,
  discount: 30,
  start_date: '2026-01-01T00:00:00.000Z',
  end_date: '2026-01-03T00:00:00.000Z',
  status,
  products: null,
});

const renderHero = (status: FlashSaleWithStatus['status']) =>
  render(
    <I18nextProvider i18n={i18n}>
      <FlashSaleHero sale={sale(status)} countdown={<p>countdown here</p>} />
    </I18nextProvider>,
  );

describe('FlashSaleHero', () => {
  it('shows the countdown and the discount while the sale runs', () => {
    renderHero('running');
    expect(screen.getByText('countdown here')).toBeTruthy();
    expect(screen.getByText('Up to 30% OFF')).toBeTruthy();
    expect(screen.queryByText('This flash sale has ended')).toBeNull();
  });

  it('shows the countdown to the start of an upcoming sale', () => {
    renderHero('upcoming');
    expect(screen.getByText('Upcoming Flash Sale')).toBeTruthy();
    expect(screen.getByText('countdown here')).toBeTruthy();
  });

  it('says the sale has ended instead of counting down, without the discount', () => {
    renderHero('ended');
    expect(screen.getByRole('status').textContent).toBe('This flash sale has ended');
    expect(screen.queryByText('countdown here')).toBeNull();
    expect(screen.queryByText('Up to 30% OFF')).toBeNull();
  });

  it('loads the banner at once (it is the top of the page) from resized copies', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <FlashSaleHero sale={{ ...sale('running'), thumbnail: '/uploads/sales/payday.webp' }} countdown={null} />
      </I18nextProvider>,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.getAttribute('srcset')).toContain('/media/640/uploads/sales/payday.webp 640w');
    expect(img?.getAttribute('sizes')).toBe('(min-width: 640px) 256px, 100vw');
  });
});
