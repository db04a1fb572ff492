import assert from 'node:assert/strict';
import { request } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, PHONE, sidewaysOverflow } from '../support/browser';
import { expect, openPageIn, test } from '../support/fixtures';
import { signedInState } from '../support/session';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

interface ProductsData {
  data: {
    products: { slug: string; name: string; quantity: number; shop: { id: number; slug: string; name: string } }[];
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 14, the shopper's side: the chat sidebar opened from a product page, a message sent, and
 * the seller's answer arriving over the realtime connection without a reload; the messages page
 * in Arabic on a phone.
 */
test.describe('chat with a shop', () => {
  test('a shopper asks from the product page; the seller answers and the sidebar shows it without reload', async ({
    newContext,
  }) => {
    const state = await signedInState();
    const product = (await api<ProductsData>('/api/products')).data.products.find((p) => p.quantity > 0);
    assert.ok(product, 'the demo has a product in stock');
    const context = await newContext({ storageState: state.storage });
    const profile = await context.request.get('/api/profile');
    assert.equal(profile.status(), 200);
    const userId = ((await profile.json()) as { data: { user: { id: number } } }).data.user.id;

    const { page, errors } = await openPageIn(context, `/products/${product.slug}/details`);
    await page.getByRole('region', { name: 'Shop' }).getByRole('button', { name: 'Chat' }).click();
    const sidebar = page.getByRole('dialog', { name: product.shop.name });
    await expect(sidebar).toBeVisible();
    // store-message posted the product's card first.
    await expect(sidebar.getByRole('link', { name: new RegExp(escapeRegExp(product.name)) }).last()).toBeVisible();
    const input = sidebar.getByLabel('Type a message');
    await expect(input).toBeFocused();

    await input.fill('Is this ready to ship? https://example.com/size-chart');
    await input.press('Shift+Enter');
    await expect(input).toHaveValue('Is this ready to ship? https://example.com/size-chart');
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(sidebar.getByText('Is this ready to ship?', { exact: false }).first()).toBeVisible();
    const link = sidebar.getByRole('link', { name: 'https://example.com/size-chart' }).last();
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(link).toHaveAttribute('target', '_blank');

    // The seller answers from another session (the Seller Centre's API).
    const seller = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
    try {
      // The Seller Centre's sign-in (sellers cannot use the shoppers' /api/login).
      const login = await seller.post('/api/shop/login', {
        data: { phone: `${product.shop.slug}@example.com`, password: 'password' },
      });
      assert.equal(login.status(), 200, await login.text());
      const answer = 'Yes, <b>today</b> {{7*7}}';
      const sent = await seller.post('/api/seller/send-message', { data: { user_id: userId, message: answer } });
      assert.equal(sent.ok(), true, await sent.text());
      await expect(sidebar.getByText(answer)).toBeVisible();
      await expect(sidebar.locator('b')).toHaveCount(0);
    } finally {
      await seller.dispose();
    }

    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    assert.deepEqual(errors, []);
  });

  test('the messages page works at 390 px in Arabic, right to left', async ({ newContext }) => {
    const state = await signedInState();
    const context = await newContext({ ...PHONE, storageState: state.storage });
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const { page, errors } = await openPageIn(context, '/massages');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect(page.getByRole('searchbox', { name: 'ابحث عن بائع' })).toBeVisible();
    const conversations = page.getByRole('list', { name: 'المحادثات' }).getByRole('button');
    await expect(conversations.first()).toBeVisible();
    await conversations.first().click();
    await expect(page.getByRole('textbox', { name: 'اكتب رسالة' })).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'العودة إلى المحادثات' }).click();
    await expect(conversations.first()).toBeVisible();
    assert.deepEqual(errors, []);
  });
});
