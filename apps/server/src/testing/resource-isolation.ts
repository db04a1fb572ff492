import type { OwnedResource } from '../plugins/access';
import { type SignedIn, signInNewCustomer } from './auth';
import type { TestApp } from './test-app';

/**
 * Reliability plan T6: every route that takes a user's resource id answers 404 to another user.
 * A new route of that kind adds one line to OWNED_ROUTES (and a new kind of resource one entry to
 * RESOURCES); resource-isolation.test.ts fails while an `owner` route of the app is missing here.
 */
export interface OwnedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered, with `:id`. */
  url: string;
  resource: OwnedResource;
  body?: Record<string, unknown>;
}

export const OWNED_ROUTES: OwnedRoute[] = [
  { method: 'GET', url: '/api/address/:id', resource: 'address' },
  {
    method: 'POST',
    url: '/api/address/:id/update',
    resource: 'address',
    body: { name: 'Taken over', phone: '81234567890', address_type: 'home', address_line: 'Elsewhere 1' },
  },
  { method: 'DELETE', url: '/api/address/:id/delete', resource: 'address' },
];

export interface ResourceFixture {
  /** Creates one resource as `owner` (through the API where it can) and returns its id. */
  create(ctx: TestApp, owner: SignedIn): Promise<number>;
  /** The owner's own view of it, to show another user's call changed nothing. */
  read(ctx: TestApp, owner: SignedIn, id: number): Promise<unknown>;
}

export const RESOURCES: Record<OwnedResource, ResourceFixture> = {
  address: {
    async create(ctx, owner) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/address/store',
        headers: owner.bearerHeaders,
        payload: { name: 'Home', phone: '81234567890', address_type: 'home', address_line: 'Jl. Merdeka 1' },
      });
      if (res.statusCode !== 200) throw new Error(`address fixture: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { address: { id: number } } }).data.address.id;
    },
    async read(ctx, owner, id) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/address/${id}`, headers: owner.bearerHeaders });
      return { status: res.statusCode, body: res.json() };
    },
  },
};

/** Two fresh customers: the owner of the resources and the one who tries to reach them. */
export async function ownerAndIntruder(ctx: TestApp) {
  const owner = (await signInNewCustomer(ctx.app, ctx.db)).session;
  const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
  return { owner, intruder };
}
