import type { Database } from '../../client';
import { ticketIssueTypes } from '../../schema/support';

/** What shoppers open support tickets about, with their Indonesian and Arabic names. */
export const TICKET_ISSUE_TYPES = [
  { name: 'Order', translations: { id: 'Pesanan', ar: 'الطلب' } },
  { name: 'Payment', translations: { id: 'Pembayaran', ar: 'الدفع' } },
  { name: 'Delivery', translations: { id: 'Pengiriman', ar: 'التوصيل' } },
  { name: 'Return and refund', translations: { id: 'Pengembalian dan dana kembali', ar: 'الإرجاع واسترداد المبلغ' } },
  { name: 'Account', translations: { id: 'Akun', ar: 'الحساب' } },
  { name: 'Other', translations: { id: 'Lainnya', ar: 'أخرى' } },
] as const;

export async function seedSupport(tx: Database) {
  await tx
    .insert(ticketIssueTypes)
    .values(TICKET_ISSUE_TYPES.map((t) => ({ ...t, translations: { ...t.translations } })));
}
