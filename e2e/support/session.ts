import { type APIRequestContext, type BrowserContextOptions, type Page, request } from '@playwright/test';
import type { Translate } from './api';
import { baseUrl, waitForHydration } from './browser';
import { demoOperatorKeys } from './two-step';

/**
 * A seeded customer (demo seed: the reviewers share the demo password) that no other spec signs
 * in as, so specs that only look at account pages run beside account.spec, which changes the demo
 * customer's data. Signed in once per worker through the API.
 */
const SHOPPER = { email: 'rina.wijaya@mail.example.com', password: 'password' };
/** What every unsafe call authenticated by the session cookie carries (the CSRF defence). */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' };

export interface SignedIn {
  storage: NonNullable<Exclude<BrowserContextOptions['storageState'], string>>;
  /** One of the shopper's addresses, for the edit page. */
  addressId: number;
}

let pending: Promise<SignedIn> | undefined;

export function signedInState(): Promise<SignedIn> {
  pending ??= (async () => {
    const { api, addressId } = await signInShopper(SHOPPER.email, {
      name: 'Rumah',
      phone: '081234567801',
      address_line: 'Jl. Merdeka 1',
      post_code: '10110',
    });
    try {
      return { storage: await api.storageState(), addressId };
    } finally {
      await api.dispose();
    }
  })();
  return pending;
}

/**
 * Signs a seeded shopper in through the API (demo seed: the demo password) and gives the session's
 * request context (the caller disposes of it) and one of the shopper's addresses, adding `address`
 * (a home) when they have none.
 */
export async function signInShopper(
  email: string,
  address: { name: string; phone: string; address_line: string; post_code?: string },
  password = 'password',
): Promise<{ api: APIRequestContext; addressId: number }> {
  const api = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  try {
    const login = await api.post('/api/login', { data: { phone: email, password } });
    if (!login.ok()) throw new Error(`login as ${email} answered ${login.status()}: ${await login.text()}`);
    const profile = await api.get('/api/profile');
    if (!profile.ok()) throw new Error(`the new session is not accepted (${profile.status()})`);
    type Addresses = { data: { addresses: { id: number }[] } };
    const listed = async () => ((await (await api.get('/api/addresses')).json()) as Addresses).data.addresses;
    let addresses = await listed();
    if (addresses.length === 0) {
      const created = await api.post('/api/address/store', { data: { ...address, address_type: 'home' } });
      if (!created.ok()) throw new Error(`adding an address answered ${created.status()}: ${await created.text()}`);
      addresses = await listed();
    }
    const first = addresses[0];
    if (!first) throw new Error(`${email} has no address`);
    return { api, addressId: first.id };
  } catch (error) {
    await api.dispose();
    throw error;
  }
}

const roleStates = new Map<string, Promise<SignedIn['storage']>>();

/**
 * A seller (signed in at the Seller Centre, /api/shop/login) or the operator (/api/operator/login),
 * once per worker and account. Demo accounts share the demo password.
 */
export function roleState(
  role: 'seller' | 'admin',
  login: string,
  password = 'password',
): Promise<SignedIn['storage']> {
  const key = `${role}:${login}`;
  // The demo operator signs in with two-step sign-in: the run's set-up session (global-setup.ts).
  if (role === 'admin' && login === 'admin@example.com') return operatorState();
  let pendingState = roleStates.get(key);
  if (!pendingState) {
    pendingState = (async () => {
      const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
      try {
        const url = role === 'seller' ? '/api/shop/login' : '/api/operator/login';
        const login_ = await context.post(url, { data: { phone: login, password } });
        if (!login_.ok()) throw new Error(`${url} as ${login} answered ${login_.status()}: ${await login_.text()}`);
        return await context.storageState();
      } finally {
        await context.dispose();
      }
    })();
    roleStates.set(key, pendingState);
  }
  return pendingState;
}

/** The demo operator's session from global-setup.ts, which gave a two-step code. */
function operatorState(): Promise<SignedIn['storage']> {
  const [name = '', value = ''] = demoOperatorKeys().cookie.split('=');
  const { hostname } = new URL(baseUrl());
  return Promise.resolve({
    cookies: [
      { name, value, domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' },
    ],
    origins: [],
  });
}

/**
 * Signs in through a sign-in page (the Seller Centre's or the operator's) as a person does, its
 * labels read in the page's language (`t`).
 */
export async function signInAt(
  page: Page,
  path: string,
  login: string,
  { t = (text: string) => text, password = 'password' }: { t?: Translate; password?: string } = {},
): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel(t('Email or phone')).fill(login);
  await page.getByLabel(t('Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('Log in') }).click();
}
