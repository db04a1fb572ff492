/** Money of the Seller Centre: the default currency (Rupiah), 2 decimals, as every total is shown. */
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 2 });

export function formatAmount(amount: number): string {
  return rupiah.format(amount);
}
