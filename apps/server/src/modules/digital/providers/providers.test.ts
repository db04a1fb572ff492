import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractPlnToken } from '@shop/contracts/digital-numbers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigiflazzProvider, digiflazzSign } from './digiflazz';
import { ProviderRefusal } from './digital-provider';
import { type SandboxProduct, SandboxProvider } from './sandbox';

const PRODUCTS: Record<string, SandboxProduct> = {
  S5: { kind: 'pulsa', carrier: 'telkomsel' },
  X10: { kind: 'pulsa', carrier: 'xl' },
  PLN20: { kind: 'pln' },
};
const sandbox = (mode?: 'success' | 'pending' | 'failed') =>
  new SandboxProvider({ mode, products: (sku) => PRODUCTS[sku] ?? null });

describe('sandbox provider', () => {
  it('tops up a number of the product’s operator and refuses another operator’s (rc 52) or a wrong number', async () => {
    const provider = sandbox();
    expect(await provider.topUp({ refId: 'a1', sku: 'S5', customerNo: '081234567890' })).toMatchObject({
      refId: 'a1',
      status: 'success',
      code: '00',
      serial: expect.stringMatching(/^SN\d{16}$/),
    });
    expect(await provider.topUp({ refId: 'a2', sku: 'S5', customerNo: '087812345678' })).toMatchObject({
      status: 'failed',
      code: '52',
    });
    expect(await provider.topUp({ refId: 'a3', sku: 'X10', customerNo: '0878-1234-5678' })).toMatchObject({
      status: 'success',
    });
    expect(await provider.topUp({ refId: 'a4', sku: 'X10', customerNo: '0878123' })).toMatchObject({
      status: 'failed',
      code: '54',
    });
    expect(await provider.topUp({ refId: 'a5', sku: 'NOPE', customerNo: '081234567890' })).toMatchObject({
      status: 'failed',
      code: '43',
    });
  });

  it('answers by number like Digiflazz’s test numbers, and a second ask settles a pending top-up', async () => {
    const provider = sandbox();
    const ask = (refId: string, customerNo: string) => provider.topUp({ refId, sku: 'X10', customerNo });
    expect((await ask('b1', '087800001232')).status).toBe('failed');
    expect((await ask('b2', '087800001233')).status).toBe('pending');
    expect((await ask('b2', '087800001233')).status).toBe('success');
    expect((await ask('b3', '087800001234')).status).toBe('pending');
    expect((await ask('b3', '087800001234')).status).toBe('failed');
    // The same reference asked again after success is the same transaction, with the same serial.
    const first = await ask('b4', '087800001230');
    expect(await ask('b4', '087800001230')).toEqual(first);
  });

  it('can be told to answer one way whatever the number (tests)', async () => {
    expect((await sandbox('pending').topUp({ refId: 'c1', sku: 'S5', customerNo: '081234567890' })).status).toBe(
      'pending',
    );
    expect((await sandbox('failed').topUp({ refId: 'c2', sku: 'S5', customerNo: '081234567890' })).status).toBe(
      'failed',
    );
  });

  it('issues a 20-digit PLN token, the same for the same reference; meters are checked', async () => {
    const provider = sandbox();
    const paid = await provider.topUp({ refId: 'd1', sku: 'PLN20', customerNo: '14234567890' });
    expect(paid.status).toBe('success');
    const token = extractPlnToken(paid.serial ?? '');
    expect(token).toMatch(/^\d{20}$/);
    expect(
      extractPlnToken((await sandbox().topUp({ refId: 'd1', sku: 'PLN20', customerNo: '14234567890' })).serial ?? ''),
    ).toBe(token);
    expect(
      extractPlnToken((await provider.topUp({ refId: 'd2', sku: 'PLN20', customerNo: '14234567890' })).serial ?? ''),
    ).not.toBe(token);
    expect(await provider.topUp({ refId: 'd3', sku: 'PLN20', customerNo: '1423456789' })).toMatchObject({
      status: 'failed',
      code: '57',
    });
  });

  it('finds a deterministic customer for a valid meter or customer id, and not one ending in 000', async () => {
    const provider = sandbox();
    const meter = await provider.inquirePln('14234567890');
    expect(meter).toEqual(await provider.inquirePln('1423 4567 890'));
    expect(meter).toMatchObject({ customerNo: '14234567890', meterNo: '14234567890' });
    expect(meter.name).toMatch(/^[A-Z ]+$/);
    expect(meter.segmentPower).toMatch(/^R\d \/\d{9}$/);
    const customer = await provider.inquirePln('532123456789');
    expect(customer.meterNo).toMatch(/^\d{11}$/);
    await expect(provider.inquirePln('14234567000')).rejects.toBeInstanceOf(ProviderRefusal);
    await expect(provider.inquirePln('123')).rejects.toBeInstanceOf(ProviderRefusal);
  });
});

describe('Digiflazz adapter against a local stand-in of its API', () => {
  const username = 'buyer01';
  const apiKey = 'dev-key-123';
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const seen: { path: string; body: Record<string, unknown>; contentType: string | undefined }[] = [];
  const asks = new Map<string, number>();
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    // Answers as the documentation describes: signed JSON in, {data:{…}} out, 400 for a bad sign.
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, string>;
        const path = req.url ?? '';
        seen.push({ path, body, contentType: req.headers['content-type'] });
        const reply = (status: number, data: Record<string, unknown>) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data }));
        };
        if (path === '/v1/transaction') {
          if (body.sign !== md5(`${username}${apiKey}${body.ref_id}`)) {
            return reply(400, { ref_id: body.ref_id, status: 'Gagal', rc: '41', message: 'Signature Anda salah' });
          }
          const ask = (asks.get(String(body.ref_id)) ?? 0) + 1;
          asks.set(String(body.ref_id), ask);
          const base = { ref_id: body.ref_id, customer_no: body.customer_no, buyer_sku_code: body.buyer_sku_code };
          if (body.customer_no === '087800001233' && ask === 1) {
            return reply(200, { ...base, status: 'Pending', rc: '03', sn: '', message: 'Transaksi Pending' });
          }
          if (body.customer_no === '087800001232') {
            return reply(200, { ...base, status: 'Gagal', rc: '02', sn: '', message: 'Transaksi Gagal' });
          }
          return reply(200, {
            ...base,
            status: 'Sukses',
            rc: '00',
            sn: '0123-4567-8901-2345-6789/BUDI/R1/1300/25.5',
            message: 'Transaksi Sukses',
          });
        }
        if (path === '/v1/inquiry-pln') {
          if (body.sign !== md5(`${username}${apiKey}${body.customer_no}`)) {
            return reply(400, { status: 'Gagal', rc: '41', message: 'Signature Anda salah' });
          }
          if (body.customer_no === '14234567000')
            return reply(200, { status: 'Gagal', rc: '50', message: 'Nomor tidak ditemukan' });
          return reply(200, {
            status: 'Sukses',
            rc: '00',
            customer_no: body.customer_no,
            meter_no: body.customer_no,
            subscriber_id: '532123456789',
            name: 'BUDI SANTOSO',
            segment_power: 'R1 /000001300',
          });
        }
        res.writeHead(404).end('not found');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = (overrides: Partial<{ apiKey: string; webhookSecret: string | null; testing: boolean }> = {}) =>
    new DigiflazzProvider({ username, apiKey, webhookSecret: 'whsec', testing: true, baseUrl, ...overrides });

  it('signs with md5(username + key + part), lowercase hex', () => {
    expect(digiflazzSign('buyer01', 'dev-key-123', 'depo')).toBe('bad90d884a4812b71585fe7cf717bc10');
  });

  it('sends a signed top-up, asks again with the identical request, and reads Pending then Sukses', async () => {
    const request = { refId: 'order-41', sku: 'X10', customerNo: '087800001233' };
    expect(await provider().topUp(request)).toEqual({
      refId: 'order-41',
      status: 'pending',
      serial: null,
      message: 'Transaksi Pending',
      code: '03',
    });
    const done = await provider().topUp(request);
    expect(done).toMatchObject({ status: 'success', code: '00' });
    expect(extractPlnToken(done.serial ?? '')).toBe('01234567890123456789');
    const [first, second] = seen.filter((s) => s.path === '/v1/transaction' && s.body.ref_id === 'order-41');
    expect(first?.contentType).toBe('application/json');
    expect(first?.body).toEqual({
      username,
      buyer_sku_code: 'X10',
      customer_no: '087800001233',
      ref_id: 'order-41',
      sign: md5(`${username}${apiKey}order-41`),
      testing: true,
    });
    expect(second?.body).toEqual(first?.body);
    expect((await provider().topUp({ refId: 'order-42', sku: 'X10', customerNo: '087800001232' })).status).toBe(
      'failed',
    );
  });

  it('a wrong key is a failed answer with rc 41 (no transaction), not a crash', async () => {
    expect(
      await provider({ apiKey: 'wrong' }).topUp({ refId: 'order-43', sku: 'X10', customerNo: '087800001230' }),
    ).toMatchObject({
      status: 'failed',
      code: '41',
    });
  });

  it('inquires a PLN customer, and a number it does not know is a refusal', async () => {
    expect(await provider().inquirePln('14234567890')).toEqual({
      customerNo: '14234567890',
      meterNo: '14234567890',
      name: 'BUDI SANTOSO',
      segmentPower: 'R1 /000001300',
    });
    await expect(provider().inquirePln('14234567000')).rejects.toMatchObject({ name: 'ProviderRefusal', code: '50' });
    const inquiry = seen.find((s) => s.path === '/v1/inquiry-pln');
    expect(inquiry?.body).toEqual({
      username,
      customer_no: '14234567890',
      sign: md5(`${username}${apiKey}14234567890`),
    });
  });

  it('accepts a callback signed with the webhook secret and refuses a forged, altered or unsigned one', () => {
    const raw = Buffer.from('{"data":{"ref_id":"R1","status":"Sukses","rc":"00","sn":"SN1"}}');
    const signed = { 'x-hub-signature': 'sha1=c75512f2e2bd3b02ace12094388e34ffb0a8a0ee' };
    expect(provider().verifyCallback(raw, signed)).toEqual({
      refId: 'R1',
      status: 'success',
      serial: 'SN1',
      message: '',
      code: '00',
    });
    const altered = Buffer.from(raw.toString().replace('Sukses', 'Gagal'));
    expect(() => provider().verifyCallback(altered, signed)).toThrow(/signature/);
    expect(() => provider().verifyCallback(raw, { 'x-hub-signature': 'sha1=00' })).toThrow(/signature/);
    expect(() => provider().verifyCallback(raw, {})).toThrow(/signature/);
    expect(() => provider({ webhookSecret: null }).verifyCallback(raw, signed)).toThrow(/secret/);
  });
});
