import { randomUUID } from 'node:crypto';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import { vatLabel } from '@shop/contracts/order-money';
import { orderDetailsReplySchema } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { extractText, extractTextItems } from 'unpdf';
import { beforeAll, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { signInNewCustomer } from '../../testing/auth';
import {
  cartCalls,
  createTestAddress,
  createTestProduct,
  createTestVoucher,
  seededShops,
} from '../../testing/commerce';
import { describeEachDatabase } from '../../testing/test-app';
import { readTranslationFiles } from '../languages/translation-files';

describeEachDatabase('order invoice', (ctx) => {
  let shopId: number;
  beforeAll(async () => {
    [shopId] = (await seededShops(ctx.db, 1)).map((s) => s.id) as [number];
  });

  /** A shopper with one placed order (with a shop voucher when asked); the order's id and code. */
  const placed = async (
    name = 'Siti <b>Aminah</b>',
    voucher?: { discountType: 'Percentage' | 'Amount'; discount: number },
  ) => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db, { name });
    const headers = session.bearerHeaders;
    const calls = cartCalls(ctx.app, headers);
    const product = await createTestProduct(ctx.db, { shopId, price: 1_250_000, stock: 5 });
    await calls.add({ product_id: product.id, quantity: 3 });
    const coupon = voucher ? await createTestVoucher(ctx.db, { shopId, ...voucher, now: ctx.clock.now() }) : null;
    const res = await calls.placeOrder(
      {
        shop_ids: [shopId],
        address_id: await createTestAddress(ctx.app, headers),
        payment_method: 'cash',
        ...(coupon ? { coupon_code: coupon.code } : {}),
      },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const orderId = placeOrderReplySchema.parse(res.json()).data.payment.orders[0]?.id as number;
    const details = await ctx.app.inject({ url: `/api/order-details?order_id=${orderId}`, headers });
    return { headers, orderId, order: orderDetailsReplySchema.parse(details.json()).data.order };
  };
  const invoiceOf = (headers: Record<string, string>, orderId: number, locale = 'en') =>
    ctx.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: { ...headers, 'accept-language': locale } });
  const textOf = async (pdf: Buffer) => {
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    return text;
  };

  it('is a PDF named after the order code, with the order, the customer and the totals in its text', async () => {
    const { headers, orderId, order } = await placed();
    const res = await invoiceOf(headers, orderId);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const code = order.order_code.replace('#', '');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${code}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(res.rawPayload);
    expect(text).toContain(order.order_code);
    expect(text).toContain('Invoice');
    expect(text).toContain('Siti <b>Aminah</b>');
    expect(text).toContain(order.shop.name);
    expect(text).toContain(order.products[0]?.name as string);
    expect(text).toContain('Payable');
  });

  it('is written in Indonesian and in Arabic (right to left) without failing', async () => {
    const { headers, orderId, order } = await placed('سارة أحمد');
    const id = await invoiceOf(headers, orderId, 'id');
    expect(id.statusCode).toBe(200);
    expect(await textOf(id.rawPayload)).toContain('Faktur');
    const ar = await invoiceOf(headers, orderId, 'ar');
    expect(ar.statusCode, ar.body.slice(0, 200)).toBe(200);
    expect(ar.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(ar.rawPayload);
    // The order code stays one left-to-right piece ("#" included) inside the Arabic line.
    expect(text).toContain(order.order_code);
    // Laid out from the right: the shop's name ends at the right margin, as it starts at the left in English.
    const shopX = async (pdf: Buffer) => {
      const { items } = await extractTextItems(new Uint8Array(pdf));
      const item = items[0]?.find((i) => i.str === order.shop.name);
      return item ? { start: item.x, end: item.x + item.width } : null;
    };
    const arShop = await shopX(ar.rawPayload);
    expect(arShop?.end).toBeGreaterThan(540);
    const enShop = await shopX((await invoiceOf(headers, orderId, 'en')).rawPayload);
    expect(enShop?.start).toBeLessThan(45);
    // The Arabic font is embedded (no system font, nothing downloaded).
    expect(ar.rawPayload.toString('latin1')).toMatch(/IBMPlexSansArabic/);
  });

  /** The rows of the PDF's first page as text, items on one baseline joined in reading order. */
  const rowsOf = async (pdf: Buffer) => {
    const { items } = await extractTextItems(new Uint8Array(pdf));
    const rows = new Map<number, { x: number; str: string }[]>();
    for (const item of items[0] ?? []) {
      const y = Math.round(item.y);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.x, str: item.str }]);
    }
    return [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((i) => i.str)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
  };

  it('shows the order’s money as the pages do: lines, the coupon taken off and each VAT line, that add up to the payable amount', async () => {
    const { headers, orderId, order } = await placed('Siti Aminah', { discountType: 'Percentage', discount: 10 });
    expect(order.coupon_discount).toBeGreaterThan(0);
    expect(order.vat_taxes.length).toBeGreaterThan(0);
    const rows = await rowsOf((await invoiceOf(headers, orderId)).rawPayload);
    const start = rows.findLastIndex((r) => r.startsWith('Subtotal '));
    const money = rows.slice(start, rows.findIndex((r) => r.startsWith('Payable Amount ')) + 1).map((row) => {
      const figure = /^(.*?)\s+(-?)IDR\s*([\d,]+\.\d{2})$/.exec(row.replace(/\u00a0/g, ' '));
      if (!figure) throw new Error(`not a money row: ${row}`);
      return {
        label: figure[1],
        cents: Math.round(Number(figure[3]?.replaceAll(',', '')) * 100) * (figure[2] ? -1 : 1),
      };
    });
    expect(money.map((m) => m.label)).toEqual([
      'Subtotal',
      'Delivery Charge',
      'Coupon Discount',
      ...order.vat_taxes.map((v) => vatLabel(v.name, v.percentage)),
      'Payable Amount',
    ]);
    const sum = money.slice(0, -1).reduce((s, m) => s + m.cents, 0);
    expect(sum).toBe(money.at(-1)?.cents);
    expect(money.at(-1)?.cents).toBe(Math.round(order.payable_amount * 100));
    expect(money[2]?.cents).toBe(-Math.round(order.coupon_discount * 100));
  });

  /**
   * The first page's rows in reading order, each item already in logical order: for Arabic, right
   * to left, except that touching left-to-right pieces (a rate "11" and its "%") read left to right.
   */
  const readingRows = async (pdf: Buffer, rtl: boolean) => {
    const { items } = await extractTextItems(new Uint8Array(pdf));
    type Piece = { x: number; end: number; str: string };
    const rows = new Map<number, Piece[]>();
    for (const item of items[0] ?? []) {
      if (!item.str.trim()) continue;
      const y = Math.round(item.y);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.x, end: item.x + item.width, str: item.str.trim() }]);
    }
    const arabic = /[\u0600-\u06FF]/;
    return [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, row]) => {
        const sorted = row.sort((a, b) => a.x - b.x);
        if (!rtl) return sorted.map((i) => i.str).join(' ');
        // Touching left-to-right pieces form one word; then the words read from the right.
        const words: Piece[] = [];
        for (const piece of sorted) {
          const last = words.at(-1);
          if (last && !arabic.test(last.str) && !arabic.test(piece.str) && piece.x - last.end < 1) {
            last.str += piece.str;
            last.end = piece.end;
          } else words.push({ ...piece });
        }
        return words
          .reverse()
          .map((w) => w.str)
          .join(' ');
      });
  };

  it('is Arabic, right to left, when Arabic was chosen on the site, whatever the browser’s Accept-Language; its labels read as written', async () => {
    const { headers, orderId } = await placed('سارة أحمد', { discountType: 'Percentage', discount: 10 });
    const res = await ctx.app.inject({
      url: `/api/orders/${orderId}/invoice`,
      headers: { ...headers, 'accept-language': 'en-US,en;q=0.9', cookie: 'locale=ar' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const ar = await readTranslationFiles('ar');
    const rows = await readingRows(res.rawPayload, true);
    const text = rows.join('\n');
    // Each label is found whole, letter by letter as written (no stray or swapped characters).
    for (const key of [
      'Invoice',
      'Customer',
      'Deliver to',
      'Subtotal',
      'Delivery Charge',
      'Coupon Discount',
      'Payable Amount',
      'Payment method',
      'Payment status',
      'Unpaid',
    ]) {
      const label = ar[key] as string;
      expect(label, key).toMatch(/[\u0600-\u06FF]/);
      expect(text, `${key}: ${label}`).toContain(label);
    }
    expect(text).toContain('سارة أحمد');
    // The tax's name in Arabic, once, with its rate. After Arabic letters the rate's "%" is drawn on
    // the number's left (Unicode bidi: those digits are Arabic numbers), and is read back as drawn.
    expect(vatLabel('ضريبة القيمة المضافة', 11)).toBe('ضريبة القيمة المضافة 11%');
    expect(text).toMatch(/^ضريبة القيمة المضافة %11 /m);
    expect(text).not.toContain('Invoice');
    // No glyph without its character (those come out as control characters).
    expect([...text].filter((c) => c < ' ' && c !== '\n')).toEqual([]);
    // "Customer" starts the page's right side, as it starts the left side in English.
    const { items } = await extractTextItems(new Uint8Array(res.rawPayload));
    const customer = items[0]?.find((i) => i.str === ar.Customer);
    expect((customer?.x ?? 0) + (customer?.width ?? 0)).toBeGreaterThan(540);

    // Without the cookie, Accept-Language still decides; a cookie naming no offered language is ignored.
    for (const cookie of [undefined, 'locale=xx', 'locale=en']) {
      const plain = await ctx.app.inject({
        url: `/api/orders/${orderId}/invoice`,
        headers: { ...headers, 'accept-language': 'ar', ...(cookie ? { cookie } : {}) },
      });
      const expected = cookie === 'locale=en' ? 'Invoice' : (ar.Invoice as string);
      expect((await readingRows(plain.rawPayload, cookie !== 'locale=en')).join('\n'), cookie).toContain(expected);
    }
  });

  it('dates the order by the marketplace’s calendar (Asia/Jakarta), not the server’s', async () => {
    const { headers, orderId } = await placed();
    // 20:30 UTC on 20 November is already 21 November in Jakarta (UTC+7).
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-20T20:30:00Z') })
      .where(eq(orders.id, orderId));
    const text = await textOf((await invoiceOf(headers, orderId)).rawPayload);
    expect(text).toContain('Date: November 21, 2026');
  });

  it('another user’s order is not found', async () => {
    const { orderId } = await placed();
    const other = await signInNewCustomer(ctx.app, ctx.db);
    const res = await invoiceOf(other.session.bearerHeaders, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found.');
    const none = await invoiceOf(other.session.bearerHeaders, 2_000_000_000);
    expect(none.statusCode).toBe(404);
  });
});
