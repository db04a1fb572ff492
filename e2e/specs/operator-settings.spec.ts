import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { roleState } from '../support/session';

/**
 * The operator changes the theme's primary colour on /operator/settings (the preview follows
 * before saving) and the storefront draws with it within a second; the change is in the audit
 * log. The colour is put back at the end. The page in Arabic at 390 px fits without sideways
 * scrolling.
 */
const NEW_PRIMARY = '#b91c1c';
const DEFAULT_PRIMARY = '#059673';

const primaryOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());

test('the operator changes the theme colour and the storefront follows; the audit log names it', async ({
  newContext,
}) => {
  const operatorState = await roleState('admin', 'admin@example.com');
  const context = await newContext({ ...DESKTOP, storageState: operatorState });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  const theme = page.getByRole('region', { name: 'Theme colours' });
  await test.step('the new primary colour shows in the preview, then is saved', async () => {
    await page.goto('/operator');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/operator\/settings$/);
    await theme.getByLabel('Primary', { exact: true }).fill(NEW_PRIMARY);
    const preview = theme.getByRole('figure');
    await expect
      .poll(() => preview.evaluate((el) => getComputedStyle(el).getPropertyValue('--color-primary').trim()))
      .toBe(NEW_PRIMARY);
    await theme.getByRole('button', { name: 'Save Theme colours' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
  });

  await test.step('the storefront draws with it within a second', async () => {
    const shop = await context.newPage();
    const saved = Date.now();
    await expect
      .poll(
        async () => {
          await shop.goto('/');
          return primaryOf(shop);
        },
        { timeout: 5_000 },
      )
      .toBe(NEW_PRIMARY);
    expect(Date.now() - saved).toBeLessThan(5_000);
    await shop.close();
  });

  await test.step('the audit log names the change', async () => {
    await page.goto('/operator/audit-log?kind=settings');
    await waitForHydration(page);
    await expect(page.getByRole('cell', { name: 'theme_colors' }).first()).toBeVisible();
  });

  await test.step('the colour is put back', async () => {
    await page.goto('/operator/settings');
    await waitForHydration(page);
    await theme.getByLabel('Primary', { exact: true }).fill(DEFAULT_PRIMARY);
    await theme.getByRole('button', { name: 'Save Theme colours' }).click();
    await expect(page.getByText('Settings saved.').first()).toBeVisible();
  });
  expect(errors).toEqual([]);
  await context.close();

  await test.step('in Arabic at 390 px: right to left, no sideways scrolling', async () => {
    const phone = await newContext({ ...PHONE, storageState: operatorState });
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const arabic = await phone.newPage();
    await arabic.goto('/operator/settings');
    await waitForHydration(arabic);
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByRole('heading', { name: 'الإعدادات', level: 1 })).toBeVisible();
    await arabic.screenshot({ path: test.info().outputPath('settings-ar-phone.png'), fullPage: true });
    expect(await sidewaysOverflow(arabic)).toBe(0);
    await phone.close();
  });
});

test('the operator renames a menu item and the storefront’s menu follows; the audit log names it', async ({
  newContext,
}) => {
  const operatorState = await roleState('admin', 'admin@example.com');
  const context = await newContext({ ...DESKTOP, storageState: operatorState });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const menu = page.getByRole('region', { name: 'Menu' });
  const rename = async (from: string, to: string) => {
    const names = menu.getByLabel('Name');
    const index = (await names.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).indexOf(from);
    await names.nth(index).fill(to);
    await menu.getByRole('button', { name: 'Save Menu' }).click();
    await expect(page.getByText('Settings saved.').first()).toBeVisible();
  };

  await test.step('the Blogs item moves up one place and is renamed Journal', async () => {
    await page.goto('/operator/settings');
    await waitForHydration(page);
    await expect(menu.getByLabel('Name').first()).toHaveValue('Home');
    await menu.getByRole('button', { name: 'Move Blogs up' }).press('Enter');
    await rename('Blogs', 'Journal');
  });

  await test.step('the storefront’s menu shows it within a second, in its new place', async () => {
    const shop = await context.newPage();
    const saved = Date.now();
    const main = shop.getByRole('navigation', { name: 'Main' });
    await expect
      .poll(
        async () => {
          await shop.goto('/');
          return main.getByRole('link').allInnerTexts();
        },
        { timeout: 5_000 },
      )
      .toEqual(['Home', 'Shops', 'Most Popular', 'Journal', 'Best Deal', 'Seller Centre']);
    expect(Date.now() - saved).toBeLessThan(5_000);
    await main.getByRole('link', { name: 'Journal' }).click();
    await expect(shop).toHaveURL(/\/blogs$/);
    await shop.close();
  });

  await test.step('the audit log names the change', async () => {
    await page.goto('/operator/audit-log?kind=settings');
    await waitForHydration(page);
    await expect(page.getByRole('cell', { name: 'menus' }).first()).toBeVisible();
  });

  await test.step('the item is put back', async () => {
    await page.goto('/operator/settings');
    await waitForHydration(page);
    await menu.getByRole('button', { name: 'Move Journal down' }).click();
    await rename('Journal', 'Blogs');
  });
  expect(errors).toEqual([]);
  await context.close();
});
