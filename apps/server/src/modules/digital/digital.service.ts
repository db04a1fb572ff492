import { randomUUID } from 'node:crypto';
import type {
  DigitalOperator as Carrier,
  DigitalOperatorInfo,
  DigitalOrder,
  DigitalProduct,
  PlnCustomer,
} from '@shop/contracts/digital';
import {
  DIGITAL_ORDERS_PER_PAGE,
  type digitalOrderCreateSchema,
  type digitalOrdersQuerySchema,
} from '@shop/contracts/digital';
import { type MobileNumberProblem, parseMobileNumber, parsePlnNumber } from '@shop/contracts/digital-numbers';
import { OPERATOR_LOGOS, OPERATOR_NAMES } from '@shop/contracts/digital-operators';
import { ErrorCode } from '@shop/contracts/errors';
import type { z } from 'zod';
import { transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, FieldErrors, notFound } from '../../lib/errors';
import { type Message, msg, type Translator } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import type { CheckoutService } from '../checkout/checkout.service';
import type { PaymentRow, PaymentsService } from '../payments/payments.service';
import { gatewayTitlesIn, type SettingsService } from '../settings/settings.service';
import type { DigitalFulfilment, Settlement } from './digital.fulfilment';
import {
  type DigitalOrderRow,
  type DigitalProductRow,
  findActiveProducts,
  findDigitalOrder,
  findDigitalOrderByKey,
  findDigitalOrderByRef,
  findOrderParts,
  findProduct,
  findUserDigitalOrders,
  insertDigitalOrder,
  ownsDigitalOrder,
} from './digital.repository';
import { type DigitalProvider, ProviderRefusal } from './providers/digital-provider';
import type { DigitalProviders } from './providers/digital-providers';

/**
 * Each carrier's (and PLN's) name and logo, as the catalogue and the orders show them: the API
 * calls a carrier `operator`, the word shoppers know.
 */
const CARRIERS: Record<Carrier, DigitalOperatorInfo> = {
  telkomsel: { key: 'telkomsel', name: OPERATOR_NAMES.telkomsel, logo: OPERATOR_LOGOS.telkomsel },
  xl: { key: 'xl', name: OPERATOR_NAMES.xl, logo: OPERATOR_LOGOS.xl },
  pln: { key: 'pln', name: OPERATOR_NAMES.pln, logo: OPERATOR_LOGOS.pln },
};

const MOBILE_PROBLEMS: Record<MobileNumberProblem, Message> = {
  empty: msg('The customer number field is required.'),
  characters: msg('A phone number may only contain digits, spaces and dashes.'),
  not_mobile: msg('This is not an Indonesian mobile number.'),
  too_short: msg('This phone number is too short.'),
  too_long: msg('This phone number is too long.'),
};

const PLN_PROBLEMS: Record<'empty' | 'characters' | 'length', Message> = {
  empty: msg('The customer number field is required.'),
  characters: msg('A meter number may only contain digits.'),
  length: msg('Enter the 11-digit meter number or the 12-digit customer ID.'),
};

const fieldError = (message: Message) => new FieldErrors({ customer_number: [message] });
const unavailable = () =>
  new AppError(503, ErrorCode.Unavailable, msg('Top-ups are unavailable right now. Please try again later.'));

export type CallbackOutcome = Settlement | 'ignored';

/**
 * Digital top-ups: the catalogue per carrier, the PLN inquiry, the
 * orders (paid through the checkout's online gateways) and the provider's callback. Numbers are
 * checked here first: an invalid one never reaches a provider.
 */
export class DigitalService {
  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'log'>,
    private readonly translator: Translator,
    private readonly services: {
      settings: SettingsService;
      payments: PaymentsService;
      checkout: CheckoutService;
      providers: DigitalProviders;
      fulfilment: DigitalFulfilment;
    },
  ) {}

  /** The `owner` access policy of `digital_order` routes. */
  owns(userId: number, id: number): Promise<boolean> {
    return ownsDigitalOrder(this.deps.database.db, userId, id);
  }

  /** GET /api/digital/products?operator= */
  async products(carrier: Carrier): Promise<{ operator: DigitalOperatorInfo; products: DigitalProduct[] }> {
    const rows = await findActiveProducts(this.deps.database.db, carrier);
    return { operator: CARRIERS[carrier], products: rows.map(productView) };
  }

  /** POST /api/digital/pln/inquiry */
  async inquire(customerNumber: string): Promise<PlnCustomer> {
    const parsed = parsePlnNumber(customerNumber);
    if (!parsed.ok) throw fieldError(PLN_PROBLEMS[parsed.problem]);
    const provider = await this.services.providers.active();
    if (!provider) throw unavailable();
    const customer = await this.lookUp(provider, parsed.number);
    return {
      customer_number: parsed.number,
      meter_number: customer.meterNo,
      subscriber_id: customer.customerNo,
      name: customer.name,
      segment_power: customer.segmentPower,
    };
  }

  private async lookUp(provider: DigitalProvider, number: string) {
    try {
      return await provider.inquirePln(number);
    } catch (error) {
      if (error instanceof ProviderRefusal) {
        throw fieldError(msg('No PLN customer has this number. Please check it and try again.'));
      }
      this.deps.log.warn({ err: error, provider: provider.name }, 'PLN inquiry: no answer from the provider');
      throw unavailable();
    }
  }

  /**
   * POST /api/digital/orders. The payment (pending) and the order (awaiting payment) are made in
   * one transaction with the Idempotency-Key on the order: a retry finds it instead of making
   * another. Then the payment is opened at its gateway.
   */
  async create(
    userId: number,
    input: z.output<typeof digitalOrderCreateSchema>,
    locale: string,
    idempotencyKey: string | null,
  ): Promise<{ order: DigitalOrder; message: Message }> {
    const { db } = this.deps.database;
    if (idempotencyKey) {
      const earlier = await findDigitalOrderByKey(db, userId, idempotencyKey);
      if (earlier) return { order: await this.view(earlier, locale), message: msg('Order placed successfully') };
    }
    const product = await findProduct(db, input.product_id);
    if (!product?.isActive) throw new FieldErrors({ product_id: [msg('The selected product id is invalid.')] });
    if (!product.inStock) throw new FieldErrors({ product_id: [msg('This denomination is out of stock.')] });

    const rules = await this.services.settings.checkoutRules();
    const method = input.payment_method.toLowerCase();
    // A top-up is paid online, checked as a shop order is (order_place_account_verify too).
    await this.services.checkout.checkCanOrder(userId, method, rules, { onlineOnly: true });

    const target = await this.target(product, input.customer_number);
    const provider = await this.services.providers.active();
    if (!provider) throw unavailable();
    const customer = product.kind === 'pln' ? await this.lookUp(provider, target) : null;

    const amount = product.promoPrice ?? product.price;
    const order = await transaction(db, async (tx) => {
      const now = this.deps.clock.now();
      const paymentId = randomUUID();
      await this.services.payments.createPending(tx, {
        id: paymentId,
        userId,
        amount,
        currency: rules.currency,
        paymentMethod: method,
        createdAt: now,
        updatedAt: now,
      });
      return insertDigitalOrder(tx, {
        userId,
        productId: product.id,
        kind: product.kind,
        carrier: product.carrier,
        customerNumber: target,
        customerName: customer?.name ?? null,
        segmentPower: customer?.segmentPower ?? null,
        nominal: product.nominal,
        price: amount,
        paymentId,
        idempotencyKey,
        refId: randomUUID().replace(/-/g, ''),
        provider: provider.name,
        locale,
        createdAt: now,
        updatedAt: now,
      });
    });

    let message = msg('Order placed successfully');
    const payment = await this.services.payments.find(order.paymentId);
    try {
      if (!payment) throw new Error('the digital order’s payment is missing');
      await this.services.payments.start(
        payment,
        `#D${order.orderCode} ${product.name} ${target}`,
        `/digital-payment/${order.id}`,
      );
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'the digital order’s payment could not be started');
      message = msg('Your order is placed, but the payment could not be started. Please try paying again later.');
    }
    return { order: await this.view(order, locale), message };
  }

  /** The number the top-up goes to, checked as the provider would: a failure is a 422 under customer_number. */
  private async target(product: DigitalProductRow, typed: string): Promise<string> {
    if (product.kind === 'pln') {
      const meter = parsePlnNumber(typed);
      if (!meter.ok) throw fieldError(PLN_PROBLEMS[meter.problem]);
      return meter.number;
    }
    const phone = parseMobileNumber(typed);
    if (!phone.ok) throw fieldError(MOBILE_PROBLEMS[phone.problem]);
    if (phone.operator === null) throw fieldError(msg('This number does not belong to a known operator.'));
    if (phone.operator !== product.carrier) {
      throw fieldError(
        msg('This is a {{operator}} number: choose {{operator}} credit for it.', {
          operator: OPERATOR_NAMES[phone.operator],
        }),
      );
    }
    return phone.local;
  }

  /** GET /api/digital/orders */
  async list(userId: number, query: z.output<typeof digitalOrdersQuerySchema>, locale: string) {
    const perPage = query.per_page ?? DIGITAL_ORDERS_PER_PAGE;
    const page = query.page ?? 1;
    const { rows, total } = await findUserDigitalOrders(
      this.deps.database.db,
      userId,
      perPage,
      offsetOf(page, perPage),
    );
    return { total, orders: await this.views(rows, locale) };
  }

  /** GET /api/digital/orders/{id} (the access plugin answered 404 to anyone but the owner). */
  async get(id: number, locale: string): Promise<DigitalOrder> {
    const row = await findDigitalOrder(this.deps.database.db, id);
    if (!row) throw notFound(msg('Order not found.'));
    return this.view(row, locale);
  }

  /** POST /api/digital/orders/{id}/check: a processing order is asked about again now. */
  async check(id: number, locale: string): Promise<DigitalOrder> {
    const row = await findDigitalOrder(this.deps.database.db, id);
    if (!row) throw notFound(msg('Order not found.'));
    if (row.status === 'processing') await this.services.fulfilment.checkNow(id);
    return this.get(id, locale);
  }

  /**
   * POST /api/digital/callback/{provider}: the provider's signed result (400 when it is not
   * genuine), applied through the same conditional settlement as the job's, so once.
   */
  async callback(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<CallbackOutcome> {
    const provider = await this.services.providers.byName(providerName);
    if (!provider?.verifyCallback) throw notFound();
    let result: ReturnType<NonNullable<DigitalProvider['verifyCallback']>>;
    try {
      result = provider.verifyCallback(rawBody, headers);
    } catch (error) {
      this.deps.log.warn({ provider: provider.name, err: (error as Error).message }, 'digital callback refused');
      throw badRequest(msg('Invalid signature.'));
    }
    const order = await findDigitalOrderByRef(this.deps.database.db, result.refId);
    if (!order || order.provider !== provider.name || order.status !== 'processing') {
      if (!order) this.deps.log.warn({ provider: provider.name, refId: result.refId }, 'callback for no order');
      return order ? 'unchanged' : 'ignored';
    }
    return this.services.fulfilment.apply(order, result);
  }

  private async view(row: DigitalOrderRow, locale: string): Promise<DigitalOrder> {
    const [order] = await this.views([row], locale);
    if (!order) throw new Error('digital order view missing');
    return order;
  }

  private async views(rows: DigitalOrderRow[], locale: string): Promise<DigitalOrder[]> {
    if (rows.length === 0) return [];
    const [parts, rules] = await Promise.all([
      findOrderParts(
        this.deps.database.db,
        [...new Set(rows.map((r) => r.productId))],
        [...new Set(rows.map((r) => r.paymentId))],
      ),
      this.services.settings.checkoutRules(),
    ]);
    return rows.map((row) => {
      const product = parts.products.get(row.productId);
      const payment = parts.payments.get(row.paymentId);
      return {
        id: row.id,
        order_code: `#D${row.orderCode}`,
        kind: row.kind,
        operator: CARRIERS[row.carrier],
        product: { id: row.productId, name: product?.name ?? '', nominal: toMoney(row.nominal) },
        customer_number: row.customerNumber,
        customer_name: row.customerName,
        segment_power: row.segmentPower,
        price: toMoney(row.price),
        status: row.status,
        refund_status: row.refundStatus,
        token: row.status === 'success' ? row.token : null,
        serial_number: row.status === 'success' ? row.serialNumber : null,
        failure_message: row.status === 'failed' ? this.translator.text(locale, failureText(row)) : null,
        payment: paymentView(row, payment, gatewayTitlesIn(rules, locale)),
        created_at: row.createdAt.toISOString(),
        fulfilled_at: row.fulfilledAt?.toISOString() ?? null,
      };
    });
  }
}

function productView(row: DigitalProductRow): DigitalProduct {
  return {
    id: row.id,
    kind: row.kind,
    operator: row.carrier,
    code: row.code,
    name: row.name,
    nominal: toMoney(row.nominal),
    price: toMoney(row.price),
    promo_price: row.promoPrice === null ? null : toMoney(row.promoPrice),
    in_stock: row.inStock,
  };
}

function paymentView(
  row: DigitalOrderRow,
  payment: PaymentRow | undefined,
  titles: Record<string, string>,
): DigitalOrder['payment'] {
  const method = payment?.paymentMethod ?? '';
  const status = payment?.status ?? 'pending';
  return {
    id: row.paymentId,
    status,
    payment_method: method,
    payment_method_title: titles[method] ?? method,
    // The sandbox's Pay and Cancel are on /digital-payment itself; a hosted page only while pending.
    payment_url: status === 'pending' && method !== 'sandbox' ? (payment?.paymentUrl ?? null) : null,
  };
}

function failureText(row: DigitalOrderRow): Message {
  if (row.failureCode === 'gave_up') return msg('The provider did not confirm this top-up in time.');
  return msg('The provider could not complete this top-up.');
}
