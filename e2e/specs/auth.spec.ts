import assert from 'node:assert/strict';
import type { BrowserContext, Page } from '@playwright/test';
import { api } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, DESKTOP, PHONE, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';

interface Outbox {
  data: { messages: { to: string; text: string; subject: string | null; created_at: string }[] };
}

/** The newest code the notifier recorded for this address (APP_ENV=local outbox). */
async function latestCode(to: string, after?: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const { messages } = (await api<Outbox>(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).data;
    const newest = messages[0];
    const code = newest?.text.match(/\b(\d{4,6})\b/)?.[1];
    if (code && newest && (!after || newest.created_at > after)) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

async function newestOutboxTime(to: string): Promise<string | undefined> {
  return (await api<Outbox>(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).data.messages[0]?.created_at;
}

/** Types a code into the OTP boxes the way a person does: the focus moves by itself. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
  await page.keyboard.type(code);
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'session');
}

/** No token, session or access value anywhere in the page's JS storage. */
async function assertNoTokenInStorage(page: Page, cookieValue: string) {
  // A string, not a function: tsx would wrap a named helper in __name(), which the page lacks.
  const storage = await page.evaluate(`(() => {
    const all = (s) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i))]));
    return { local: all(localStorage), session: all(sessionStorage) };
  })()`);
  const text = JSON.stringify(storage);
  assert.doesNotMatch(text, /token|bearer|access/i, `storage holds a token: ${text}`);
  assert.ok(!text.includes(cookieValue), 'the session value is in JS storage');
}

test.describe('accounts in the browser', () => {
  // One shopper through the file (registered, then her password reset): a failure skips the rest.
  test.describe.configure({ mode: 'serial' });
  const stamp = Date.now().toString().slice(-8);
  const email = `e2e.${stamp}@example.com`;
  const phone = `812${stamp}`;
  const name = `Rina ${stamp}`;
  let password = 'secret123';

  test('register with the OTP from the outbox, stay signed in across a reload, log out, log in', async ({
    newContext,
  }) => {
    // Five flows in one test (register, OTP, reload, log out, log in): about 20 s alone, but past a
    // minute on two shared cores beside the other worker's axe sweep (twice in one run this stop).
    test.setTimeout(120_000);
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await waitForHydration(page);

    // A visitor's wishlist icon opens the login dialog instead of the page.
    await page
      .getByRole('link', { name: /^Wishlist/ })
      .first()
      .click();
    // (Headless UI's dialog element itself has no box; its contents show it is open.)
    const login = page.getByRole('dialog', { name: 'Welcome' });
    await login.getByText('Please Login to continue').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    // APP_ENV=local, and this browser is on the server's machine: prefilled with the demo customer
    // (the server tells it once the dialog opens).
    await expect(login.getByLabel('Email / Phone Number')).toHaveValue('customer@example.com');

    await login.getByRole('button', { name: 'Sign Up' }).click();
    const register = page.getByRole('dialog', { name: 'Sign Up' });
    await register.getByLabel('Full Name').fill(name);
    await register.getByLabel('Country').selectOption('Indonesia');
    await register.getByText('+62').waitFor();
    await register.getByLabel('Phone Number').fill(`(${phone.slice(0, 3)}) ${phone.slice(3)}`);
    assert.equal(await register.getByLabel('Phone Number').inputValue(), phone);
    await register.getByLabel('Email Address').fill(email);
    await register.getByLabel('Create Password').fill(password);
    await register.getByRole('button', { name: 'Sign up' }).click();

    await page.getByText('Register Successful').waitFor();
    const otp = page.getByRole('dialog', { name: 'Enter OTP' });
    await otp.getByRole('button', { name: 'Confirm OTP' }).waitFor();
    await otp.getByText(/Resend OTP in \d+ s/).waitFor();
    await typeCode(page, await latestCode(email));
    await otp.getByRole('button', { name: 'Confirm OTP' }).click();
    await otp.getByRole('button', { name: 'Confirm OTP' }).waitFor({ state: 'detached' });

    const account = page.getByRole('button', { name: 'My account' });
    await account.waitFor();
    const cookie = await sessionCookie(context);
    assert.ok(cookie, 'a session cookie is set');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    await assertNoTokenInStorage(page, cookie.value);

    // The server render already knows the shopper: the HTML carries the account menu, not Login.
    const html = await (await context.request.get('/')).text();
    assert.ok(
      html.includes(`>${name}</span><span class="sr-only">, My account</span>`),
      'the server-rendered header has the account menu',
    );
    assert.ok(!html.includes('Login</button>'), 'and no Login button');
    const visitorHtml = await (await fetch(`${baseUrl()}/`)).text();
    assert.ok(visitorHtml.includes('Login</button>'), 'a visitor gets the Login button');
    await page.reload();
    await waitForHydration(page);
    await account.waitFor();

    // Log out through the confirmation.
    await account.click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Logout Confirmation' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Logout successfully').waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    const dead = await fetch(`${baseUrl()}/api/profile`, { headers: { cookie: `session=${cookie.value}` } });
    assert.equal(dead.status, 401, 'the old session no longer works');

    // And back in with the new account.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByLabel('Email / Phone Number').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login Successful').waitFor();
    await account.waitFor();
    const renewed = await sessionCookie(context);
    assert.ok(renewed, 'signed in again');
    await assertNoTokenInStorage(page, renewed.value);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a wrong password shows the server message as a toast and under the field', async ({ newContext }) => {
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Welcome' });
    await login.getByLabel('Email / Phone Number').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('not-the-password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByRole('alert').first().waitFor();
    const message = (await login.getByRole('alert').first().textContent())?.trim();
    assert.ok(message);
    await page.locator('.Toastify').getByText(message).first().waitFor();
    assert.equal(await sessionCookie(context), undefined);
    // Toasts sit bottom-left in ltr.
    await page.locator('.Toastify__toast-container--bottom-left').waitFor();

    // The open dialog, errors shown, passes axe without serious findings.
    assert.deepEqual(await seriousAxeViolations(page, '[role="dialog"]'), []);
    await context.close();
  });

  test('in Arabic the dialog is right to left and toasts sit bottom-right', async ({ newContext }) => {
    const context = await newContext(DESKTOP);
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    const strings = await api<Record<string, string>>('/api/lang/ar');
    await page.getByRole('button', { name: strings.Login ?? 'Login', exact: true }).click();
    const login = page.getByRole('dialog', { name: strings.Welcome });
    await login.getByText(strings['Please Login to continue'] ?? '').waitFor();
    await login.getByLabel(strings['Email / Phone Number'] ?? '').fill(email);
    await login.getByLabel(strings.Password ?? '', { exact: true }).fill('not-the-password');
    await login.getByRole('button', { name: strings['Log in'] }).click();
    await page.locator('.Toastify__toast-container--bottom-right').waitFor();
    await context.close();
  });

  test('forgot password: OTP by e-mail, reset, then log in with the new password (at 390 px)', async ({
    newContext,
  }) => {
    const context = await newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome' });
    await login.getByRole('button', { name: 'Forgot Password' }).click();

    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await forgot.getByRole('button', { name: 'Send OTP' }).click();
    await forgot.getByText('The country field is required').waitFor();
    await forgot.getByText('The phone or email field is required').waitFor();
    await forgot.getByLabel('Country').selectOption('Indonesia');
    await forgot.getByLabel('Email Address').fill(email);
    const before = await newestOutboxTime(email);
    await forgot.getByRole('button', { name: 'Send OTP' }).click();

    const otp = page.getByRole('dialog', { name: 'Enter OTP' });
    await otp.getByRole('button', { name: 'Confirm OTP' }).waitFor();
    await typeCode(page, await latestCode(email, before));
    await otp.getByRole('button', { name: 'Confirm OTP' }).click();

    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    password = 'brand-new-9';
    await reset.getByLabel('Create Password').fill(password);
    await reset.getByLabel('Confirm Password').fill('something-else');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('Confirm Password does not match.').waitFor();
    await reset.getByLabel('Confirm Password').fill(password);
    await reset.getByRole('button', { name: 'Reset Password' }).click();

    await login.getByText('Please Login to continue').waitFor();
    await login.getByLabel('Email / Phone Number').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login Successful').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText(name).waitFor();
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    const cookie = await sessionCookie(context);
    assert.ok(cookie, 'a session cookie is set');
    assert.equal(cookie.httpOnly, true);
    await assertNoTokenInStorage(page, cookie.value);
    await context.close();
  });
});
