import { type OrderMoneyLine, orderMoneyLines } from '@shop/contracts/order-money';
import type { OrderDetails } from '@shop/contracts/orders';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { loadPdfKit } from '../../lib/lazy-modules';
import { type Message, msg, type Translator } from '../../lib/messages';
import type { LanguagesService } from '../languages/languages.service';
import type { OrdersService } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';
import { findCustomer } from './invoices.repository';
import { isolateLtr, PdfText, type TextStyle } from './pdf-text';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

const PAYMENT_STATUS: Record<OrderDetails['payment_status'], Message> = {
  Pending: msg('Unpaid'),
  Paid: msg('Paid'),
};

const MONEY_LABEL: Record<Exclude<OrderMoneyLine['kind'], 'vat'>, Message> = {
  subtotal: msg('Subtotal'),
  delivery: msg('Delivery Charge'),
  discount: msg('Coupon Discount'),
  total: msg('Payable Amount'),
};

/** Table columns as [start, width] from the start side of the reading direction. */
const COLUMNS = { product: [0, 265], qty: [265, 50], unit: [315, 100], subtotal: [415, CONTENT - 415] } as const;

/**
 * GET /api/orders/{id}/invoice: a PDF of one of the shopper's orders, built here with pdfkit, in
 * the shopper's language. Arabic is shaped by fontkit and laid out right to left (bidi-js orders
 * each line); names, addresses and notes are written as text.
 */
export class InvoicesService {
  constructor(
    private readonly deps: Pick<AppDeps, 'database'>,
    private readonly translator: Translator,
    private readonly services: {
      orders: OrdersService;
      settings: SettingsService;
      languages: LanguagesService;
    },
  ) {}

  async invoice(userId: number, orderId: number, locale: string): Promise<{ filename: string; pdf: Buffer }> {
    const [order, customer, rules, languages, master] = await Promise.all([
      this.services.orders.details(userId, orderId, locale),
      findCustomer(this.deps.database.db, userId),
      this.services.settings.checkoutRules(),
      this.services.languages.active(),
      this.services.settings.getMaster(),
    ]);
    if (!customer) throw notFound(msg('Order not found.'));
    const rtl = languages.find((l) => l.name === locale)?.direction === 'rtl';
    const t = (message: Message) => this.translator.text(locale, message);
    const format = moneyFormat(locale, rules.currency);
    const ltr = (value: string) => (rtl ? isolateLtr(value) : value);
    const money = (amount: number) => ltr(format(amount));

    const PDFDocument = await loadPdfKit();
    const doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      info: { Title: `${t(msg('Invoice'))} ${order.order_code}`, Author: order.shop.name },
      lang: locale,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });

    const text = new PdfText(doc, rtl);
    const left = PAGE.margin;
    /** The x of a box [start, width] measured from the start side. */
    const boxX = (start: number, width: number) => (rtl ? left + CONTENT - start - width : left + start);
    const normal: TextStyle = { size: 10 };
    const muted: TextStyle = { size: 9, color: '#475569' };
    const bold: TextStyle = { size: 10, bold: true };
    let y = PAGE.margin;
    const room = (height: number) => {
      if (y + height > BOTTOM) {
        doc.addPage();
        y = PAGE.margin;
      }
    };

    // Header: the shop, and the invoice's code and date.
    text.line(order.shop.name, boxX(0, CONTENT * 0.6), y, CONTENT * 0.6, { size: 18, bold: true });
    text.line(t(msg('Invoice')), left, y, CONTENT, { size: 18, bold: true, color: '#1d4ed8' }, 'end');
    y += 30;
    // The marketplace's calendar day, as the pages show the order, wherever the server runs.
    const placed = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, {
      dateStyle: 'long',
      timeZone: master.time_zone,
    }).format(new Date(order.created_at));
    text.line(`${t(msg('Order'))}: ${ltr(order.order_code)}`, left, y, CONTENT, bold);
    y += 15;
    text.line(`${t(msg('Date'))}: ${placed}`, left, y, CONTENT, normal);
    y += 25;

    // Customer and delivery address, side by side.
    const half = CONTENT / 2 - 10;
    const contact = [customer.phone ? ltr(`${customer.phoneCode ?? ''}${customer.phone}`) : null, customer.email]
      .filter(Boolean)
      .join(' · ');
    text.line(t(msg('Customer')), boxX(0, half), y, half, muted);
    text.line(t(msg('Deliver to')), boxX(CONTENT / 2 + 10, half), y, half, muted);
    y += 14;
    text.line(customer.name, boxX(0, half), y, half, bold);
    if (contact) text.line(contact, boxX(0, half), y + 14, half, normal);
    const addressHeight = text.block(order.address, boxX(CONTENT / 2 + 10, half), y, half, normal);
    y += Math.max(32, addressHeight) + 18;

    // The lines.
    const header = (yy: number) => {
      doc.rect(left, yy - 4, CONTENT, 20).fill('#f1f5f9');
      text.line(t(msg('Product')), boxX(...COLUMNS.product) + 4, yy, COLUMNS.product[1] - 8, bold);
      text.line(t(msg('Qty')), boxX(...COLUMNS.qty), yy, COLUMNS.qty[1], bold, 'end');
      text.line(t(msg('Unit price')), boxX(...COLUMNS.unit), yy, COLUMNS.unit[1], bold, 'end');
      text.line(t(msg('Subtotal')), boxX(...COLUMNS.subtotal) - 4, yy, COLUMNS.subtotal[1], bold, 'end');
    };
    header(y);
    y += 24;
    for (const line of order.products) {
      const variant = [
        line.color ? `${t(msg('Colour'))}: ${line.color}` : null,
        line.size ? `${t(msg('Size'))}: ${line.size}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      room(variant ? 34 : 22);
      if (y === PAGE.margin) {
        header(y);
        y += 24;
      }
      const nameHeight = text.block(line.name, boxX(...COLUMNS.product) + 4, y, COLUMNS.product[1] - 8, normal);
      text.line(String(line.order_qty), boxX(...COLUMNS.qty), y, COLUMNS.qty[1], normal, 'end');
      text.line(money(line.price), boxX(...COLUMNS.unit), y, COLUMNS.unit[1], normal, 'end');
      text.line(money(line.subtotal), boxX(...COLUMNS.subtotal) - 4, y, COLUMNS.subtotal[1], normal, 'end');
      y += nameHeight;
      if (variant) {
        text.line(variant, boxX(...COLUMNS.product) + 4, y, COLUMNS.product[1] - 8, muted);
        y += 13;
      }
      doc
        .moveTo(left, y + 2)
        .lineTo(left + CONTENT, y + 2)
        .lineWidth(0.5)
        .stroke('#e2e8f0');
      y += 8;
    }

    // Totals (the lines every screen shows for an order), then the payment.
    const totals = orderMoneyLines(order).map((line): [string, string, TextStyle] => [
      line.kind === 'vat' ? line.label : t(MONEY_LABEL[line.kind]),
      money(line.amount),
      line.kind === 'total' ? { size: 12, bold: true } : normal,
    ]);
    room(totals.length * 16 + 50);
    y += 6;
    const labelBox = boxX(CONTENT - 260, 150);
    const valueBox = boxX(CONTENT - 110, 110);
    for (const [label, value, style] of totals) {
      text.line(label, labelBox, y, 150, style);
      text.line(value, valueBox, y, 110, style, 'end');
      y += style.size + 6;
    }
    y += 16;
    text.line(`${t(msg('Payment method'))}: ${order.payment_method_title}`, left, y, CONTENT, normal);
    y += 15;
    text.line(`${t(msg('Payment status'))}: ${t(PAYMENT_STATUS[order.payment_status])}`, left, y, CONTENT, normal);

    text.finish();
    doc.end();
    return { filename: `invoice-${order.order_code.replace(/[^A-Za-z0-9-]/g, '')}.pdf`, pdf: await done };
  }
}

/** Amounts in the default currency, with Latin digits (the reference's invoices use them too). */
function moneyFormat(locale: string, currency: string) {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(`${locale}-u-nu-latn`, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  } catch {
    format = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return (amount: number) => format.format(amount);
}
