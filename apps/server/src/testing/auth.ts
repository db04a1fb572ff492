import { randomBytes } from 'node:crypto';
import { type AuthResult, authReplySchema } from '@shop/contracts/auth';
import { CSRF_HEADER_VALUE, SESSION_COOKIE } from '@shop/contracts/constants';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { DEMO_CUSTOMER, DEMO_PASSWORD } from '../db/seed/demo-accounts';
import type { App } from '../deps';
import { hashPassword } from '../modules/auth/passwords';

let ipSequence = 0;
/**
 * A fresh client address per call (10.x.y.z), so tests that sign in often never meet the
 * per-address rate limits, which are tested on their own.
 */
export function testIp(): string {
  ipSequence++;
  return `10.${200 + (Math.floor(ipSequence / 62_500) % 50)}.${Math.floor(ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`;
}

export interface SignedIn extends AuthResult {
  token: string;
  /** Cookie auth as the web app sends it (with the CSRF header, so unsafe methods pass). */
  cookieHeaders: { cookie: string; 'x-requested-with': string };
  /** Bearer auth as an API client sends it. */
  bearerHeaders: { authorization: string };
}

/** Signs in through POST /api/login (the seeded demo customer by default). */
export async function signIn(
  app: App,
  login: string = DEMO_CUSTOMER.email,
  password: string = DEMO_PASSWORD,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone: login, password },
    remoteAddress: testIp(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${login} failed: ${res.statusCode} ${res.body}`);
  const { data } = authReplySchema.parse(res.json());
  return {
    ...data,
    token: data.access.token,
    cookieHeaders: { cookie: `${SESSION_COOKIE}=${data.access.token}`, 'x-requested-with': CSRF_HEADER_VALUE },
    bearerHeaders: { authorization: `Bearer ${data.access.token}` },
  };
}

export interface NewCustomer {
  id: number;
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** A fresh verified customer with unique e-mail and phone, so a test owns all of its data. */
export async function createCustomer(
  db: Database,
  overrides: Partial<Omit<NewCustomer, 'id'>> = {},
): Promise<NewCustomer> {
  const tag = randomBytes(4).toString('hex');
  const password = overrides.password ?? 'secret123';
  const values = {
    name: overrides.name ?? `Test Customer ${tag}`,
    email: overrides.email ?? `customer-${tag}@test.example`,
    // 8 + 9 digits: never one of the seed's numbers.
    phone: overrides.phone ?? `89${String(Number.parseInt(tag, 16) % 1_000_000_000).padStart(9, '0')}`,
  };
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      phoneCode: '+62',
      country: 'Indonesia',
      passwordHash: await hashPassword(password),
      role: 'customer',
      emailVerifiedAt: now,
      phoneVerifiedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('customer insert returned no row');
  return { id: row.id, ...values, password };
}

/** Creates a fresh customer and signs them in. */
export async function signInNewCustomer(app: App, db: Database, overrides: Partial<Omit<NewCustomer, 'id'>> = {}) {
  const customer = await createCustomer(db, overrides);
  return { customer, session: await signIn(app, customer.email, customer.password) };
}
