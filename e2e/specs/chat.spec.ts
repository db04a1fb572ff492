import assert from 'node:assert/strict';
import { request } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, openPageIn, test } from '../support/fixtures';
import { roleState, signedInState, XHR } from '../support/session';

interface ProductsData {
  data: {
    products: { slug: string; name: string; quantity: number; shop: { id: number; slug: string; name: string } }[];
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The shopper's side of chat: the chat sidebar opened from a product page, a message sent, and
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

  test('two contexts: the seller sees the question arrive live at /shop/messages, answers, and the shopper sees it without reload', async ({
    newContext,
  }) => {
    // A seeded customer no other spec signs in as, and a shop the other chat test does not use.
    const customer = { email: 'maya.anggraini@mail.example.com', name: 'Maya Anggraini' };
    const products = (await api<ProductsData>('/api/products?per_page=100')).data.products;
    const busyShop = products.find((p) => p.quantity > 0)?.shop.id;
    const product = products.filter((p) => p.quantity > 0 && p.shop.id !== busyShop).at(-1);
    assert.ok(product, 'the demo has products in stock from more than one shop');

    const shopper = await newContext();
    const login = await shopper.request.post('/api/login', {
      headers: XHR,
      data: { phone: customer.email, password: 'password' },
    });
    assert.equal(login.status(), 200, await login.text());
    const seller = await newContext({ storageState: await roleState('seller', `${product.shop.slug}@example.com`) });

    // The seller has the inbox open first: what follows arrives over the realtime connection.
    const inbox = await openPageIn(seller, '/shop/messages');
    const sellerPage = inbox.page;
    await expect(sellerPage.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    await expect(sellerPage.getByRole('heading', { name: 'No User Selected' })).toBeVisible();
    const menu = sellerPage.getByRole('navigation', { name: 'Seller Center' });
    const inboxLink = menu.getByRole('link', { name: /^Messages/ });
    await expect(inboxLink).toHaveAttribute('aria-current', 'page');
    const row = sellerPage
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(customer.name) });
    // A retry finds the conversation the first try began; the first try shows it arrive.
    if (test.info().retry === 0) await expect(row).toHaveCount(0);
    const loads = { count: 0 };
    sellerPage.on('load', () => loads.count++);

    // The shopper asks from the product page: chat button, sidebar, a message.
    const { page, errors } = await openPageIn(shopper, `/products/${product.slug}/details`);
    await page.getByRole('region', { name: 'Shop' }).getByRole('button', { name: 'Chat' }).click();
    const sidebar = page.getByRole('dialog', { name: product.shop.name });
    await expect(sidebar).toBeVisible();
    const question = `Is the ${product.name} in stock? <img src=x onerror=alert(1)>`;
    const input = sidebar.getByLabel('Type a message');
    await input.fill(question);
    await input.press('Enter');
    await expect(sidebar.getByText(question)).toBeVisible();

    // The seller's list, its unread badge and the menu's count follow without a reload.
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Unread messages: [1-9]/);
    await expect(inboxLink).toContainText(/Unread messages: [1-9]/);
    await row.click();
    const thread = sellerPage.getByRole('log', { name: 'Messages' });
    await expect(sellerPage.getByRole('heading', { name: customer.name })).toBeVisible();
    await expect(thread.getByText(question)).toBeVisible();
    await expect(thread.locator('img[src="x"]')).toHaveCount(0);
    // The product card store-message posted, the same card as the shopper's.
    await expect(thread.getByRole('link', { name: new RegExp(escapeRegExp(product.name)) }).first()).toBeVisible();
    // Opened: seen, so the counts clear.
    await expect(row).not.toContainText('Unread messages');
    await expect(inboxLink).not.toContainText('Unread messages');

    // The seller answers; the shopper's open sidebar shows it without a reload.
    const answer = 'Yes, it ships today.';
    const reply = sellerPage.getByRole('textbox', { name: 'Type a message' });
    await reply.fill(answer);
    await reply.press('Enter');
    await expect(reply).toHaveValue('');
    await expect(thread.getByText(answer)).toBeVisible();
    await expect(sidebar.getByText(answer)).toBeVisible();

    // On an account page the Message entry's unread badge rises when the next answer arrives.
    await page.goto('/dashboard');
    await waitForHydration(page);
    const messageEntry = page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: /^Message/ });
    await expect(messageEntry).toBeVisible();
    await expect(messageEntry).not.toContainText('Unread messages');
    await reply.fill('Anything else?');
    await reply.press('Enter');
    await expect(thread.getByText('Anything else?')).toBeVisible();
    await expect(messageEntry).toContainText('Unread messages: 1');

    expect(loads.count, 'the inbox never reloaded').toBe(0);
    assert.deepEqual(errors, []);
    assert.deepEqual(inbox.errors, []);
  });

  test('the messages page works at 390 px in Arabic, right to left', async ({ newContext }) => {
    const state = await signedInState();
    const context = await newContext({ ...PHONE, storageState: state.storage });
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    // A long last message from the shop, unread: the list shows it on one line cut to the pane,
    // beside its unread badge, and the page keeps its width.
    const shop = (await api<ProductsData>('/api/products')).data.products[0]!.shop;
    const long = 'Could you tell me whether this batik shirt also comes in a larger size before I order two of them?';
    const opened = await context.request.post('/api/store-message', { headers: XHR, data: { shop_id: shop.id } });
    assert.equal(opened.status(), 200, await opened.text());
    const userId = ((await (await context.request.get('/api/profile')).json()) as { data: { user: { id: number } } })
      .data.user.id;
    const seller = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
    try {
      const login = await seller.post('/api/shop/login', {
        data: { phone: `${shop.slug}@example.com`, password: 'password' },
      });
      assert.equal(login.status(), 200, await login.text());
      const sent = await seller.post('/api/seller/send-message', { data: { user_id: userId, message: long } });
      assert.equal(sent.ok(), true, await sent.text());
    } finally {
      await seller.dispose();
    }
    const { page, errors } = await openPageIn(context, '/massages');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect(page.getByRole('searchbox', { name: 'ابحث عن بائع' })).toBeVisible();
    const conversations = page.getByRole('list', { name: 'المحادثات' }).getByRole('button');
    await expect(conversations.first()).toBeVisible();
    const preview = conversations.filter({ hasText: shop.name }).getByText(/^Could you tell me/);
    await expect(preview).toBeVisible();
    // Cut at a word by the server (…), then by the pane's width with an ellipsis, never mid-word.
    expect(((await preview.textContent()) ?? '').endsWith('…')).toBe(true);
    expect(await preview.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await conversations.first().click();
    await expect(page.getByRole('textbox', { name: 'اكتب رسالة' })).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'العودة إلى المحادثات' }).click();
    await expect(conversations.first()).toBeVisible();
    assert.deepEqual(errors, []);
  });
});
