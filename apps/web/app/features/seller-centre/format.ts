/** Money of the Seller Centre: the default currency (Rupiah), 2 decimals, as DESIGN section 6 asks of totals. */
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 2 });

export function formatAmount(amount: number): string {
  return rupiah.format(amount);
}
