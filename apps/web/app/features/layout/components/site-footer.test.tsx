// @vitest-environment happy-dom
import type { Master } from '@shop/contracts/settings';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { SiteFooter } from './site-footer';

const i18n = createI18n('en', {});
afterEach(cleanup);

/** Only the fields the footer reads; the rest of the settings do not matter here. */
const master = {
  app_name: 'Shop',
  web_show_footer: true,
  web_footer_text: 'All right reserved by company',
  web_footer_description: '',
  web_footer_logo: '',
  web_logo: '',
  email: 'help@shop.test',
  mobile: '',
  social_links: [],
  footer_qr: null,
  footers: [
    {
      id: 1,
      position: 1,
      title: 'Help',
      items: [{ id: 11, type: 'link', title: 'Return policy', url: '/return-policy', target: '_self' }],
    },
    {
      id: 2,
      position: 2,
      title: 'Contact',
      items: [{ id: 21, type: 'email', title: '', url: null, target: '_self' }],
    },
  ],
} as unknown as Master;

function renderFooter(settings: Master = master) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <SiteFooter master={settings} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('SiteFooter', () => {
  it('collapses a link column under sm until its title is clicked, and says so to assistive technology', () => {
    renderFooter();
    const toggle = screen.getByRole('button', { name: 'Help' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Hidden on phones, always shown from sm (640 px) by CSS alone.
    expect(list?.className).toMatch(/(^|\s)hidden(\s|$)/);
    expect(list?.className).toContain('sm:block');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.className).not.toMatch(/(^|\s)hidden(\s|$)/);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('never collapses a column that is not made of links', () => {
    renderFooter();
    expect(screen.queryByRole('button', { name: 'Contact' })).toBeNull();
    expect(screen.getByText('help@shop.test')).toBeTruthy();
  });

  it('shows a social link without a logo by its first letter, never as an empty image', () => {
    renderFooter({
      ...master,
      social_links: [
        { id: 1, name: 'facebook', link: 'https://facebook.com/shop', logo: '/uploads/facebook.svg' },
        { id: 2, name: 'mastodon', link: 'https://mastodon.social/@shop', logo: '' },
      ],
      footers: [
        {
          id: 3,
          position: 3,
          title: 'Follow',
          items: [{ id: 31, type: 'social_links', title: '', url: null, target: '_self' }],
        },
      ],
    } as unknown as Master);
    const links = screen.getByRole('list', { name: 'Follow us' });
    const mastodon = screen.getByRole('link', { name: 'mastodon' });
    expect(mastodon.textContent).toBe('m');
    expect(mastodon.querySelector('img')).toBeNull();
    expect(links.querySelectorAll('img')).toHaveLength(1);
  });
});
