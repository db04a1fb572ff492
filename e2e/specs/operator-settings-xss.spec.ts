import { type APIRequestContext, request } from '@playwright/test';
import { baseUrl, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { roleState, XHR } from '../support/session';
import { ALL, expectInert, PAYLOADS, watchDialogs } from '../support/xss';

/**
 * What the operator types that shoppers read, filled with script payloads and rendered in
 * Chromium: the marketplace's name, tagline, footer text and footer description (every page's
 * frame), the menu, the footer's texts and links, a social link's name, a currency's name and
 * symbol and a language's title, and a flash sale's title in English, Indonesian and Arabic (its page, and the operator's
 * own list). Nothing runs and nothing becomes markup; the footer reads as typed. The settings are
 * put back and the sale ended at the end (this spec runs after every other: playwright.config.ts).
 */
const tag = `${Date.now()}`.slice(-6);
const TEXTS = {
  app_name: `Pasar ${tag} ${PAYLOADS.title}`,
  tagline: `${PAYLOADS.script} ${PAYLOADS.img}`,
  web_footer_text: `Hak cipta ${tag} ${PAYLOADS.svg} ${PAYLOADS.attr}`,
  web_footer_description: `Tentang ${tag} ${ALL}`.slice(0, 1000),
};
const SALE = {
  name: `Obral ${tag} ${PAYLOADS.iframe}`,
  translations: { id: `Obral ${tag} ${PAYLOADS.details}`, ar: `تخفيضات ${tag} ${PAYLOADS.href}` },
};

/** A menu item, a footer text in three languages, a footer link and a social link's name. */
const MENU_NAME = `Menu ${tag} ${PAYLOADS.script}`.slice(0, 60);
const FOOTER = {
  text: `Buka ${tag} ${PAYLOADS.img}`,
  translations: { id: `Buka ${tag} ${PAYLOADS.svg}`, ar: `مفتوح ${tag} ${PAYLOADS.details}` },
  link: `Bantuan ${tag} ${PAYLOADS.attr}`,
};
const SOCIAL = `Sosial ${tag} ${PAYLOADS.singleAttr}`.slice(0, 40);
/** A currency's name and symbol (the currency picker, prices) and a language's title (its picker). */
const CURRENCY = { name: `Dolar ${tag} ${PAYLOADS.img}`.slice(0, 60), symbol: '<b>$</b>' };
const LANGUAGE_TITLE = `Bahasa ${tag} ${PAYLOADS.svg}`.slice(0, 60);

let operator: APIRequestContext;
let saved: Record<string, unknown>;
/** The lists as they were, each without its ids, to put back. */
const lists: Record<string, unknown[]> = {};
const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== 'id' && key !== 'logo')
            .map(([key, v]) => [key, withoutIds(v)]),
        )
      : value;
let saleId: number;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  operator = await request.newContext({
    baseURL: baseUrl(),
    storageState: await roleState('admin', 'admin@example.com'),
    extraHTTPHeaders: XHR,
  });
  const current = await operator.get('/api/operator/settings');
  expect(current.ok(), await current.text()).toBe(true);
  saved = ((await current.json()) as { data: { settings: { general: Record<string, unknown> } } }).data.settings
    .general;
  const put = await operator.put('/api/operator/settings/general', { data: { ...saved, ...TEXTS } });
  expect(put.ok(), await put.text()).toBe(true);
  for (const list of ['menus', 'footers', 'social-links', 'currencies', 'languages']) {
    const got = await operator.get(`/api/operator/settings/${list}`);
    lists[list] = withoutIds(((await got.json()) as { data: { items: unknown[] } }).data.items) as unknown[];
  }
  const written = [
    operator.put('/api/operator/settings/menus', {
      data: { items: [{ name: MENU_NAME, url: '/shops', is_external: false, target: '_self', is_active: true }] },
    }),
    operator.put('/api/operator/settings/footers', {
      data: {
        items: [
          {
            title: `Kolom ${tag}`,
            is_active: true,
            items: [
              { type: 'text', title: FOOTER.text, translations: FOOTER.translations, url: null, target: '_self' },
              { type: 'link', title: FOOTER.link, translations: {}, url: '/contact-us', target: '_self' },
              { type: 'social_links', title: 'Follow us', translations: {}, url: null, target: '_self' },
            ],
          },
        ],
      },
    }),
    operator.put('/api/operator/settings/social-links', {
      data: { items: [{ name: SOCIAL, link: 'https://social.example/pasar', is_active: true }] },
    }),
    operator.put('/api/operator/settings/currencies', {
      data: {
        items: (lists.currencies as { code: string }[]).map((c) => (c.code === 'USD' ? { ...c, ...CURRENCY } : c)),
      },
    }),
    operator.put('/api/operator/settings/languages', {
      data: {
        items: (lists.languages as { name: string }[]).map((l) =>
          l.name === 'id' ? { ...l, title: LANGUAGE_TITLE } : l,
        ),
      },
    }),
  ];
  for (const res of await Promise.all(written)) expect(res.ok(), await res.text()).toBe(true);
  // Upcoming, so no other page's running sale changes; its page shows it all the same.
  const starts = new Date(Date.now() + 2 * 24 * 3600_000);
  const sale = await operator.post('/api/operator/flash-sales', {
    data: {
      ...SALE,
      discount: 10,
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 24 * 3600_000).toISOString(),
      all_shops: true,
    },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  saleId = ((await sale.json()) as { data: { flash_sale: { id: number } } }).data.flash_sale.id;
});

test.afterAll(async () => {
  await operator.put('/api/operator/settings/general', { data: saved });
  for (const [list, items] of Object.entries(lists))
    await operator.put(`/api/operator/settings/${list}`, { data: { items } });
  await operator.post(`/api/operator/flash-sales/${saleId}/end`);
  await operator.dispose();
});

test('the marketplace’s name, tagline and footer show as text on the storefront and run nothing', async ({
  newContext,
}) => {
  for (const locale of ['en', 'id', 'ar'] as const) {
    const context = await newContext();
    await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
    const dialogs = watchDialogs(context);
    for (const path of ['/', `/flash-sale/${saleId}`]) {
      const page = await context.newPage();
      await page.goto(path);
      await waitForHydration(page);
      // The © line: the year, then the footer text as typed (other languages have their own text).
      if (locale === 'en') await expect(page.getByText(TEXTS.web_footer_text).first()).toBeVisible();
      if (path === '/') {
        await expect(page.getByRole('heading', { level: 1, name: TEXTS.app_name })).toBeVisible();
        await expect(page.getByRole('link', { name: MENU_NAME }).first()).toBeVisible();
        const footer = page.getByRole('contentinfo');
        const words = locale === 'en' ? FOOTER.text : FOOTER.translations[locale];
        await expect(footer.getByText(words, { exact: true })).toBeVisible();
        await expect(footer.getByRole('link', { name: FOOTER.link })).toBeVisible();
        await expect(footer.getByRole('link', { name: SOCIAL })).toHaveAttribute(
          'href',
          'https://social.example/pasar',
        );
        // The language picker shows the current language's title; the currency picker its names.
        if (locale === 'id') await expect(page.getByText(LANGUAGE_TITLE, { exact: true }).first()).toBeVisible();
        if (locale === 'en') {
          await page.getByRole('button', { name: /IDR/ }).first().click();
          const dollar = page.getByRole('option', { name: new RegExp(`Dolar ${tag}`) });
          await expect(dollar.getByText(CURRENCY.name, { exact: true })).toBeVisible();
          await dollar.click();
          await expect(page.getByText(`(${CURRENCY.symbol})`, { exact: true }).first()).toBeVisible();
        }
      } else {
        const title = locale === 'en' ? SALE.name : SALE.translations[locale];
        await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
      }
      await expectInert(page, dialogs, `${path} (${locale})`);
      await page.close();
    }
    await context.close();
  }
});

test('the operator’s own pages show the texts as text and run nothing', async ({ newContext }) => {
  const context = await newContext({ storageState: await roleState('admin', 'admin@example.com') });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const dialogs = watchDialogs(context);
  const list = await context.newPage();
  await list.goto(`/operator/flash-sales?q=${tag}`);
  await waitForHydration(list);
  await expect(list.getByText(SALE.name, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expectInert(list, dialogs, '/operator/flash-sales');
  const settings = await context.newPage();
  await settings.goto('/operator/settings');
  await waitForHydration(settings);
  await expect(settings.getByLabel('App name')).toHaveValue(TEXTS.app_name);
  await expectInert(settings, dialogs, '/operator/settings');
  await context.close();
});
