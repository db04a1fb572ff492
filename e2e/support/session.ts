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
