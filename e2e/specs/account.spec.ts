import assert from 'node:assert/strict';
import type { BrowserContext } from '@playwright/test';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { openPageIn, test, watchContext } from '../support/fixtures';

/** A real 8×8 PNG (the server re-encodes photos, so it must be a decodable image). */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EaCBFTEMLQkAaplQAdEjY8UAAAAASUVORK5CYII=',
  'base64',
);

const DEMO = { email: 'customer@example.com', password: 'password' };

/** Logs the demo customer in through the login dialog, leaving the session cookie in the context. */
async function logIn(context: BrowserContext): Promise<void> {
  const { page, errors } = await openPageIn(context, '/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByLabel('Email / Phone Number').fill(DEMO.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'My account' }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
}

test.describe('account area', () => {
  let context: BrowserContext;

  test.beforeAll(async ({ browser, baseURL }) => {
    // One signed-in context for the whole file: its tests run in order, in one worker.
    context = await browser.newContext({ baseURL, ...DESKTOP });
    await watchContext(context);
    await logIn(context);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('a visitor is sent to / by the server, before any account page renders', async ({ openPage }) => {
    for (const path of ['/dashboard', '/profile', '/manage-address/new', '/wishlist', '/change-password']) {
      const res = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
      assert.equal(res.status, 302, path);
      const location = new URL(res.headers.get('location') ?? '', baseUrl());
      assert.equal(location.pathname, '/', path);
      // The home page is asked to open the login dialog and come back here.
      assert.equal(location.searchParams.get('login'), path);
    }
    const { page, errors, close } = await openPage('/wishlist');
    assert.equal(new URL(page.url()).pathname, '/');
    // A visitor's heart opens the login dialog instead of calling the API.
    await page.goto('/products');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to wishlist' }).first().click();
    // The dialog element itself has no box (its panel is fixed): wait for its content.
    await page.getByRole('dialog', { name: 'Welcome' }).getByLabel('Email / Phone Number').waitFor();
    assert.deepEqual(errors, []);
    await close();
  });

  test('a signed-out visitor opening /order-history signs in from the login dialog and lands there', async ({
    openPage,
  }) => {
    // A hard load, rendered on the server: sent home, where the login dialog opens by itself.
    const { page, errors, close } = await openPage('/order-history?status=delivered');
    const dialog = page.getByRole('dialog', { name: 'Welcome' });
    await dialog.getByLabel('Email / Phone Number').fill(DEMO.email);
    // The request leaves the address bar: a reload does not ask again.
    assert.equal(new URL(page.url()).search, '');
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/order-history?status=delivered');
    await page.getByRole('heading', { name: 'Order History', level: 1 }).waitFor();
    assert.deepEqual(errors, []);

    // Closing the dialog without signing in forgets the page: signing in later stays where one is.
    await page.context().clearCookies();
    await page.goto('/profile');
    await waitForHydration(page);
    await dialog.getByLabel('Email / Phone Number').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.getByLabel('Email / Phone Number').fill(DEMO.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'My account' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await close();
  });

  test('the dashboard shows the sidebar, the four counts and the default address block', async () => {
    const { page, errors } = await openPageIn(context, '/dashboard');
    assert.equal(await page.title(), `Dashboard - ${await appName()}`);
    const nav = page.getByRole('navigation', { name: 'My account' });
    const entries = await nav.getByRole('link').allTextContents();
    assert.deepEqual(
      // The Message entry carries the unread badge once the count arrives ("Unread messages: 2").
      entries.map((e) => e.trim().replace(/Unread messages: \d+$/, '')),
      [
        'Dashboard',
        'Order History',
        'Return Orders',
        'Wishlist',
        'Message',
        'My Profile',
        'Manage Address',
        'Support Ticket',
        'Change Password',
        'Terms & Conditions',
        'Privacy Policy',
      ],
    );
    for (const label of ['Orders in progress', 'Products in cart', 'In wishlist', 'Products ordered']) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Default Address' }).waitFor();
    await page.getByRole('heading', { name: 'Recently Viewed' }).waitFor();
    assert.match((await page.locator('aside').textContent()) ?? '', new RegExp(`© ${new Date().getFullYear()}`));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('edits the profile with a photo', async () => {
    const { page, errors } = await openPageIn(context, '/profile');
    const name = page.getByLabel('Full Name');
    const original = await name.inputValue();
    const renamed = `${original} E2E`;
    await name.fill(renamed);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await page.getByText('me.png').waitFor();
    // The preview shows the chosen file before anything is sent.
    assert.match((await page.locator('form img').getAttribute('src')) ?? '', /^blob:/);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();

    const sidebar = page.locator('aside');
    await sidebar.getByText(renamed, { exact: true }).waitFor();
    const photo = await sidebar.locator('img').getAttribute('src');
    assert.ok(photo && !photo.startsWith('blob:'), `the sidebar shows the stored photo (${photo})`);
    const stored = await context.request.get(photo);
    assert.equal(stored.status(), 200);
    assert.match(stored.headers()['content-type'] ?? '', /^image\//);

    // Server rules come back under their fields.
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('The email must be a valid email address.').waitFor();

    // A reload shows what was saved, then the demo name is put back for the other specs.
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.getByLabel('Full Name').inputValue(), renamed);
    await page.getByLabel('Full Name').fill(original);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('adds and edits addresses; the default one comes first', async () => {
    const { page, errors } = await openPageIn(context, '/manage-address');
    await page.getByRole('link', { name: 'Add New Address' }).first().click();
    await page.waitForURL('**/manage-address/new');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('The name field is required.').waitFor();

    const stamp = Date.now().toString().slice(-6);
    await page.getByLabel('Name', { exact: true }).fill('E2E Office');
    await page.getByLabel('Phone Number').fill('0812-3456-7890');
    assert.equal(await page.getByLabel('Phone Number').inputValue(), '081234567890');
    // A number pasted with its country code and separators keeps every digit (17 characters, 13 digits).
    await page.getByLabel('Phone Number').fill('+62 812-3456-7890');
    assert.equal(await page.getByLabel('Phone Number').inputValue(), '6281234567890');
    await page.getByLabel('Office').check();
    await page.getByLabel('Address Line', { exact: true }).fill(`Jl. Sudirman ${stamp}`);
    await page.getByLabel('Post Code (optional)').fill('10220');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.waitForURL('**/manage-address');
    const office = page
      .getByRole('region', { name: 'Manage Address' })
      .getByRole('listitem')
      .filter({ hasText: `Jl. Sudirman ${stamp}` });
    await office.waitFor();

    await office.getByRole('link', { name: 'Edit E2E Office' }).click();
    await page.waitForURL(/\/manage-address\/\d+\/edit$/);
    assert.equal(await page.getByLabel('Address Line', { exact: true }).inputValue(), `Jl. Sudirman ${stamp}`);
    assert.equal(await page.getByLabel('Phone Number').inputValue(), '6281234567890');
    await page.getByLabel('Address Line', { exact: true }).fill(`Jl. Thamrin ${stamp}`);
    await page.getByLabel('Use as my default address').check();
    await page.getByRole('button', { name: 'Update Address' }).click();
    await page.waitForURL('**/manage-address');
    const first = page.getByRole('region', { name: 'Manage Address' }).getByRole('listitem').first();
    await first.getByText(`Jl. Thamrin ${stamp}`).waitFor();
    await first.getByText('Default', { exact: true }).waitFor();
    assert.equal(await page.getByText(`Jl. Sudirman ${stamp}`).count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('wishlists a product from a card and removes it from /wishlist', async () => {
    const { page, errors } = await openPageIn(context, '/products');
    // The favourite count arrives after hydration (the session's own calls).
    await page.waitForLoadState('networkidle');
    const header = page.getByRole('banner');
    const countLink = header.getByRole('link', { name: /^Wishlist \(\d+\)$/ });
    const before = Number((await countLink.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    const firstCard = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: 'Add to wishlist' }) })
      .first();
    const productName = ((await firstCard.locator('h3').textContent()) ?? '').trim();
    assert.ok(productName);
    // Pinned by name: once favourited, the card no longer matches the filter above.
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: productName, exact: true }) })
      .first();
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await card.getByRole('button', { name: 'Remove from wishlist' }).waitFor();
    await header.getByRole('link', { name: `Wishlist (${before + 1})` }).waitFor();

    await header.getByRole('link', { name: `Wishlist (${before + 1})` }).click();
    await page.waitForURL('**/wishlist');
    // Within the wishlist's own region: the URL changes before the new page renders, and the
    // listing's card of the same product (whose heart removes at once) may still be on screen.
    const item = page.getByRole('region', { name: 'Wishlist' }).locator('article').filter({ hasText: productName });
    await item.waitFor();
    await item.getByRole('button', { name: 'Remove from wishlist' }).click();
    const modal = page.getByRole('dialog', { name: 'Remove from wishlist' });
    await modal.getByText(`Are you sure you want to remove ${productName} from your wishlist?`).waitFor();
    await modal.getByRole('button', { name: 'Remove' }).click();
    await item.waitFor({ state: 'detached' });
    await header.getByRole('link', { name: `Wishlist (${before})` }).waitFor();
    // Both outcomes are checked: the empty state, or the items the shopper had before.
    if (before === 0) await page.getByText('Your wishlist is empty').waitFor();
    else await page.locator('main article').first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the heart on the product page toggles the favourite', async () => {
    const { page: listing } = await openPageIn(context, '/products');
    const href = await listing.locator('article a[href*="/details"]').first().getAttribute('href');
    assert.ok(href);
    await listing.close();
    const { page, errors } = await openPageIn(context, href);
    // The favourite count arrives after hydration (the session's own calls).
    await page.waitForLoadState('networkidle');
    const header = page.getByRole('banner');
    const before = Number(
      (await header.getByRole('link', { name: /^Wishlist \(\d+\)$/ }).getAttribute('aria-label'))?.match(/\d+/)?.[0],
    );
    const heart = page
      .getByRole('main')
      .getByRole('button', { name: /wishlist$/ })
      .first();
    const wasOn = (await heart.getAttribute('aria-pressed')) === 'true';
    await heart.click();
    await page.waitForFunction(
      ([on]) =>
        document.querySelector('main h1')?.parentElement?.querySelector('button')?.getAttribute('aria-pressed') ===
        String(!on),
      [wasOn],
    );
    const after = wasOn ? before - 1 : before + 1;
    await header.getByRole('link', { name: `Wishlist (${after})` }).waitFor();
    // And back, so the shopper's list is as it was.
    await heart.click();
    await header.getByRole('link', { name: `Wishlist (${before})` }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('change password asks for a matching confirmation', async () => {
    const { page, errors } = await openPageIn(context, '/change-password');
    await page.getByLabel('Current Password').fill(DEMO.password);
    await page.getByLabel('New Password').fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-124');
    await page.getByRole('button', { name: 'Change Password' }).last().click();
    await page.getByText('Confirm Password does not match.').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the account pages work 390 px wide and in Arabic, right to left', async ({ newContext }) => {
    const phone = await newContext(PHONE);
    await phone.addCookies((await context.cookies()).filter((c) => c.name === 'session'));
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    for (const path of [
      '/dashboard',
      '/profile',
      '/manage-address',
      '/manage-address/new',
      '/wishlist',
      '/change-password',
    ]) {
      const { page, errors } = await openPageIn(phone, path);
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl', path);
      assert.equal(await page.locator('html').getAttribute('lang'), 'ar', path);
      await page.locator('aside').waitFor();
      // The Message entry's unread badge arrives after hydration; it must not widen the page either.
      await page.waitForLoadState('networkidle');
      const overflow = await sidewaysOverflow(page);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px at 390px`);
      assert.deepEqual(errors, [], path);
      await page.close();
    }
    const { page } = await openPageIn(phone, '/manage-address/new');
    // The Arabic texts are served (not the English keys).
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'إضافة عنوان جديد');
    await phone.close();
  });

  test('a long unbroken address fits a 390 px page; the floating cart tab stays off the account pages', async ({
    newContext,
  }) => {
    // Eleven pages, each waited on until its own calls are done: on two shared cores beside the
    // other worker that passed the default minute (CI, at its last page, twice).
    test.setTimeout(120_000);
    const long = 'Jl.JenderalSudirmanKavling52-53SenayanKebayoranBaruJakartaSelatanDKIJakarta12190Indonesia';
    const created = await context.request.post('/api/address/store', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: {
        name: 'KantorPusatPasarNusantaraJakarta',
        phone: '081234567890',
        address_type: 'office',
        address_line: long,
        address_line2: long,
        area: 'KebayoranBaruSenayanJakartaSelatanDKI',
      },
    });
    assert.ok(created.ok(), await created.text());
    const addressId = ((await created.json()) as { data: { address: { id: number } } }).data.address.id;
    try {
      for (const locale of ['en', 'ar']) {
        const phone = await newContext(PHONE);
        await phone.addCookies((await context.cookies()).filter((c) => c.name === 'session'));
        await phone.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
        for (const path of ['/manage-address', '/dashboard', `/manage-address/${addressId}/edit`]) {
          const { page } = await openPageIn(phone, path);
          await page.waitForLoadState('networkidle');
          const overflow = await sidewaysOverflow(page);
          assert.ok(overflow <= 0, `${locale} ${path} scrolls sideways by ${overflow}px at 390px`);
          await page.close();
        }
        await phone.close();
      }
      // 1280 px: the account pages run to the inline end; no floating tab sits over them.
      const wide = await newContext({ viewport: { width: 1280, height: 900 } });
      await wide.addCookies((await context.cookies()).filter((c) => c.name === 'session'));
      const { page } = await openPageIn(wide, '/');
      await page.getByRole('button', { name: /^\d+ Items/ }).waitFor();
      for (const path of ['/order-history', '/returned-order-history', '/dashboard', '/manage-address']) {
        await page.goto(path);
        await waitForHydration(page);
        assert.equal(await page.getByRole('button', { name: /^\d+ Items/ }).count(), 0, path);
      }
      await wide.close();
    } finally {
      await context.request.delete(`/api/address/${addressId}/delete`, {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
    }
  });
});

async function appName(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/master`);
  return ((await res.json()) as { data: { app_name: string } }).data.app_name;
}
