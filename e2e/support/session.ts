import { type BrowserContextOptions, request } from '@playwright/test';
import { baseUrl } from './browser';

/**
 * A seeded customer (demo seed: the reviewers share the demo password) that no other spec signs
 * in as, so specs that only look at account pages run beside account.spec, which changes the demo
 * customer's data. Signed in once per worker through the API.
 */
const SHOPPER = { email: 'rina.wijaya@mail.example.com', password: 'password' };
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

export interface SignedIn {
  storage: NonNullable<Exclude<BrowserContextOptions['storageState'], string>>;
  /** One of the shopper's addresses, for the edit page. */
  addressId: number;
}

let pending: Promise<SignedIn> | undefined;

export function signedInState(): Promise<SignedIn> {
  pending ??= signIn();
  return pending;
}

async function signIn(): Promise<SignedIn> {
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  try {
    const login = await context.post('/api/login', { data: { phone: SHOPPER.email, password: SHOPPER.password } });
    if (!login.ok()) throw new Error(`login as ${SHOPPER.email} answered ${login.status()}: ${await login.text()}`);
    const profile = await context.get('/api/profile');
    if (!profile.ok()) throw new Error(`the new session is not accepted (${profile.status()})`);
    type Addresses = { data: { addresses: { id: number }[] } };
    const listed = async () => ((await (await context.get('/api/addresses')).json()) as Addresses).data.addresses;
    let addresses = await listed();
    if (addresses.length === 0) {
      const created = await context.post('/api/address/store', {
        data: {
          name: 'Rumah',
          phone: '081234567801',
          address_type: 'home',
          address_line: 'Jl. Merdeka 1',
          post_code: '10110',
        },
      });
      if (!created.ok()) throw new Error(`adding an address answered ${created.status()}: ${await created.text()}`);
      addresses = await listed();
    }
    const address = addresses[0];
    if (!address) throw new Error('the shopper has no address');
    return { storage: await context.storageState(), addressId: address.id };
  } finally {
    await context.dispose();
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
