/**
 * Reads a money summary as a shopper sees it: each term (dt) with the amount written in its
 * description (dd), Indonesian digit grouping ("Rp1.234,50", "-Rp 5.000,00", "− Rp5.000,00").
 * Rows whose description holds no amount (payment method, status) are left out.
 */
export function moneyRows(root: HTMLElement): { label: string; cents: number }[] {
  return [...root.querySelectorAll('dt')].flatMap((dt) => {
    const text = dt.nextElementSibling?.tagName === 'DD' ? (dt.nextElementSibling.textContent ?? '') : '';
    const figure = /([-−]?)\s*[^\d\s\-−]*\s*([\d.]+(?:,\d+)?)/.exec(text);
    if (!figure || !/\d/.test(text) || !/Rp|\$|€/.test(text)) return [];
    const amount = Number((figure[2] ?? '').replaceAll('.', '').replace(',', '.'));
    return [{ label: dt.textContent?.trim() ?? '', cents: Math.round(amount * 100) * (figure[1] ? -1 : 1) }];
  });
}

/** The rows before the last (the total), summed in cents, against the last. */
export function sumAgainstTotal(rows: { cents: number }[]): { sum: number; total: number } {
  const total = rows.at(-1)?.cents ?? Number.NaN;
  return { sum: rows.slice(0, -1).reduce((s, r) => s + r.cents, 0), total };
}
