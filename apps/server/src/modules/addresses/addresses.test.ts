import { addressesReplySchema, addressReplySchema } from '@shop/contracts/account';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addresses } from '../../db/schema/account';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { describeEachDatabase } from '../../testing/test-app';

const home = {
  name: 'Sari Wulandari',
  phone: '081234567890',
  address_type: 'home',
  address_line: 'Jl. Merdeka No. 10',
  area: 'Menteng',
  post_code: '10310',
  latitude: -6.1754,
  longitude: 106.8272,
};

describeEachDatabase('addresses', (ctx) => {
  const store = (session: SignedIn, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/address/store', headers: session.bearerHeaders, payload: body });
  const list = async (session: SignedIn) =>
    addressesReplySchema.parse((await ctx.app.inject({ url: '/api/addresses', headers: session.bearerHeaders })).json())
      .data;

  it('needs a signed-in shopper', async () => {
    expect((await ctx.app.inject({ url: '/api/addresses' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/address/store', payload: home })).statusCode).toBe(401);
  });

  it('stores addresses: the first is the default, latitude and longitude are both kept', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    expect(await list(session)).toEqual({ total: 0, addresses: [] });

    const first = await store(session, home);
    expect(first.statusCode, first.body).toBe(200);
    const { address } = addressReplySchema.parse(first.json()).data;
    expect(address).toMatchObject({
      ...home,
      is_default: true,
      address_line2: null,
      flat_no: null,
      latitude: -6.1754,
      longitude: 106.8272,
    });

    const second = addressReplySchema.parse(
      (
        await store(session, { ...home, address_type: 'office', address_line: 'Jl. Sudirman 1', is_default: false })
      ).json(),
    ).data.address;
    expect(second.is_default).toBe(false);
    const third = addressReplySchema.parse(
      (await store(session, { ...home, address_type: 'other', address_line: 'Jl. Thamrin 2', is_default: '1' })).json(),
    ).data.address;
    expect(third.is_default).toBe(true);

    const after = await list(session);
    expect(after.total).toBe(3);
    expect(after.addresses.map((a) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [second.id, false],
      [address.id, false],
    ]);
    const paged = addressesReplySchema.parse(
      (await ctx.app.inject({ url: '/api/addresses?page=2&per_page=2', headers: session.bearerHeaders })).json(),
    ).data;
    expect(paged).toMatchObject({ total: 3, addresses: [{ id: address.id }] });
  });

  it('update: making one the default unsets the other; the default cannot be unset by itself', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const a = addressReplySchema.parse((await store(session, home)).json()).data.address;
    const b = addressReplySchema.parse((await store(session, { ...home, address_line: 'B' })).json()).data.address;

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/address/${b.id}/update`,
      headers: session.cookieHeaders,
      payload: { ...home, address_line: 'B street 2', is_default: true, latitude: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(addressReplySchema.parse(res.json()).data.address).toMatchObject({
      address_line: 'B street 2',
      is_default: true,
      latitude: null,
      longitude: 106.8272,
    });
    expect((await list(session)).addresses.map((x) => [x.id, x.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);

    const unset = await ctx.app.inject({
      method: 'POST',
      url: `/api/address/${b.id}/update`,
      headers: session.bearerHeaders,
      payload: { ...home, is_default: false },
    });
    expect(unset.json().data.address.is_default).toBe(true);
  });

  it('delete: deleting the default promotes another; the last one can go', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const a = addressReplySchema.parse((await store(session, home)).json()).data.address;
    const b = addressReplySchema.parse((await store(session, { ...home, address_line: 'B' })).json()).data.address;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/address/${a.id}/delete`,
      headers: session.bearerHeaders,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe('Address deleted successfully');
    expect((await list(session)).addresses).toMatchObject([{ id: b.id, is_default: true }]);
    await ctx.app.inject({ method: 'DELETE', url: `/api/address/${b.id}/delete`, headers: session.bearerHeaders });
    expect(await list(session)).toEqual({ total: 0, addresses: [] });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/address/${b.id}/delete`,
      headers: session.bearerHeaders,
    });
    expect(again.statusCode).toBe(404);
  });

  it("another customer's address id is 404 on read, update and delete, and never listed", async () => {
    const owner = (await signInNewCustomer(ctx.app, ctx.db)).session;
    const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
    const mine = addressReplySchema.parse((await store(owner, home)).json()).data.address;

    const own = await ctx.app.inject({ url: `/api/address/${mine.id}`, headers: owner.bearerHeaders });
    expect(addressReplySchema.parse(own.json()).data.address).toEqual(mine);
    const read = await ctx.app.inject({ url: `/api/address/${mine.id}`, headers: intruder.bearerHeaders });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Address not found.', code: 'NOT_FOUND' });

    const update = await ctx.app.inject({
      method: 'POST',
      url: `/api/address/${mine.id}/update`,
      headers: intruder.bearerHeaders,
      payload: { ...home, address_line: 'Hijacked', is_default: true },
    });
    expect(update.statusCode).toBe(404);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/address/${mine.id}/delete`,
      headers: intruder.bearerHeaders,
    });
    expect(del.statusCode).toBe(404);
    expect((await list(intruder)).total).toBe(0);
    const [row] = await ctx.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row).toMatchObject({ addressLine: home.address_line, isDefault: true });

    for (const id of ['abc', '0', '99999999999']) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/address/${id}/delete`,
        headers: owner.bearerHeaders,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('validates with field errors (phone digits and settings lengths, type, coordinates)', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await store(session, {
      name: ' ',
      phone: '12ab',
      address_type: 'castle',
      latitude: 91,
      longitude: 'east',
      is_default: 'maybe',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      phone: ['The phone must contain only digits.'],
      address_type: ['The address type must be home, office or other.'],
      address_line: ['The address line field is required.'],
      latitude: ['The latitude must be between -90 and 90.'],
      longitude: ['The longitude must be a number.'],
      is_default: ['The is default field must be true or false.'],
    });
    const short = await store(session, { ...home, phone: '1234567' });
    expect(short.json().errors).toEqual({ phone: ['The phone must be at least 8 digits.'] });
  });

  it('keeps every digit of a pasted international number: separators and the + go before the length check', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const saved = await store(session, { ...home, phone: '+62 812-3456-7890' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.address.phone).toBe('6281234567890');
    // 17 digits with separators in between is still too long once they are gone.
    const long = await store(session, { ...home, phone: '+62 (812) 3456-7890-1234' });
    expect(long.json().errors).toEqual({ phone: ['The phone may not be greater than 16 digits.'] });
  });

  it('keeps one default under concurrent creation', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store(session, { ...home, address_line: `Street ${i}`, is_default: i % 2 === 0 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const all = await list(session);
    expect(all.total).toBe(6);
    expect(all.addresses.filter((a) => a.is_default)).toHaveLength(1);
  });
});
