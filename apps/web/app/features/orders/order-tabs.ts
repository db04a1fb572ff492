import type { OrderStatus } from '@shop/contracts/cart';
import type { OrderSummary, OrderTabKey } from '@shop/contracts/orders';
import { paths } from '../../lib/paths';

export interface OrderTab {
  key: OrderTabKey;
  status: OrderStatus | null;
  /** The tab's text (a translation key). */
  label: string;
}

/**
 * The tabs of /order-history, as the contract's ORDER_TABS (kept here as plain data: importing the
 * contract's values would build its schemas while the page starts; order-tabs.test.ts checks both
 * agree). "All" comes first and sends no filter.
 */
export const ORDER_TABS: readonly OrderTab[] = [
  { key: 'all', status: null, label: 'All' },
  { key: 'pending', status: 'Pending', label: 'Pending' },
  { key: 'confirm', status: 'Confirm', label: 'Confirm' },
  { key: 'processing', status: 'Processing', label: 'Processing' },
  { key: 'pickup', status: 'Pickup', label: 'Pickup' },
  { key: 'on_the_way', status: 'On The Way', label: 'On The Way' },
  { key: 'delivered', status: 'Delivered', label: 'Delivered' },
  { key: 'cancelled', status: 'Cancelled', label: 'Cancelled' },
];

/**
 * The "Digital" tab: the shopper's digital top-ups, listed from their own call
 * (GET /api/digital/orders) by the digital feature; it has no count of the status tabs.
 */
export interface DigitalTab {
  key: 'digital';
  status: null;
  label: string;
}
export const DIGITAL_TAB: DigitalTab = { key: 'digital', status: null, label: 'Digital' };
export type HistoryTab = OrderTab | DigitalTab;
export type HistoryTabKey = HistoryTab['key'];

/** Every tab of /order-history: the status tabs, then Digital. */
export const HISTORY_TABS: readonly HistoryTab[] = [...ORDER_TABS, DIGITAL_TAB];

/** The steps an order walks through; Cancelled ends it early. */
export const ORDER_STEPS: readonly OrderStatus[] = [
  'Pending',
  'Confirm',
  'Processing',
  'Pickup',
  'On The Way',
  'Delivered',
];

/** The tab named in `?status=`, or All for anything else. */
export function tabOf(value: string | null | undefined): HistoryTab {
  return HISTORY_TABS.find((tab) => tab.key === value) ?? (ORDER_TABS[0] as OrderTab);
}

/** A positive page number from `?page=`, or 1. */
export function pageOf(value: string | null | undefined): number {
  const n = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}

/** /order-history?status=..&page=..: All and page 1 are left out. */
export function orderHistoryHref(tab: HistoryTabKey, page: number | string = 1): string {
  const params: string[] = [];
  if (tab !== 'all') params.push(`status=${encodeURIComponent(tab)}`);
  // The page may be the pagination's literal "[page]" placeholder.
  if (page !== 1) params.push(`page=${page}`);
  return params.length > 0 ? `${paths.orderHistory}?${params.join('&')}` : paths.orderHistory;
}

/** The text of an order status (translation keys). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  Pending: 'Pending',
  Confirm: 'Confirm',
  Processing: 'Processing',
  Pickup: 'Pickup',
  'On The Way': 'On The Way',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

const STATUS_BADGE: Record<OrderStatus, string> = {
  Pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  Confirm: 'bg-sky-50 text-sky-800 ring-sky-200',
  Processing: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  Pickup: 'bg-violet-50 text-violet-800 ring-violet-200',
  'On The Way': 'bg-cyan-50 text-cyan-800 ring-cyan-200',
  Delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Cancelled: 'bg-rose-50 text-rose-800 ring-rose-200',
};

const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function statusBadgeClass(status: OrderStatus): string {
  return `${BADGE} ${STATUS_BADGE[status]}`;
}

export function paymentBadgeClass(status: OrderSummary['payment_status']): string {
  return `${BADGE} ${status === 'Paid' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-200'}`;
}
