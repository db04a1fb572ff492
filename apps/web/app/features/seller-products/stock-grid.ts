import type { SellerProductFigures, SellerProductRow, SellerProductStockInput } from '@shop/contracts/seller-products';
import { MONEY_PATTERN, moneyProblem, STOCK_PATTERN, stockProblem } from './product-form';

/** The grid's editable columns, in the order Tab and the cells go. */
export const GRID_COLUMNS = ['stock', 'price', 'discount_price'] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];

/** A product's figures as the grid starts from them (what a save compares against). */
export type GridBase = Pick<SellerProductFigures, 'stock' | 'price' | 'discount_price' | 'updated_at'>;

/** What the seller typed in a row's cells (a cell not typed in is absent). */
export type GridEdits = Partial<Record<GridColumn, string>>;

/** A cell's figure as the grid shows it before any typing: no discount is an empty cell. */
export function baseText(base: GridBase, column: GridColumn): string {
  if (column === 'discount_price') return base.discount_price > 0 ? String(base.discount_price) : '';
  return String(base[column]);
}

/** A save's reply for a row, with when it came (ms since the epoch). */
export interface RepliedFigures {
  figures: GridBase;
  at: number;
}

/**
 * The base a row starts from: the figures a save replied with until the list is read again after
 * it (`listReadAt`, when the list's data came), else the row as listed. A sale changes the stock
 * without a newer updated_at, so only the time of reading tells which is fresher.
 */
export function rowBase(row: SellerProductRow, reply: RepliedFigures | undefined, listReadAt: number): GridBase {
  return reply && reply.at > listReadAt ? reply.figures : row;
}

/** The cells of a row that differ from its base (typing the same figure back is no change). */
export function changedColumns(base: GridBase, edits: GridEdits | undefined): GridColumn[] {
  if (!edits) return [];
  return GRID_COLUMNS.filter((column) => {
    const typed = edits[column];
    if (typed === undefined) return false;
    const text = typed.trim();
    const before = baseText(base, column);
    if (text === before) return false;
    // "96000.50" and "96000.5" are the same amount; anything that is no figure is a change (to refuse).
    const figure = column === 'stock' ? STOCK_PATTERN : MONEY_PATTERN;
    return !(figure.test(text) && before !== '' && Number(text) === Number(before));
  });
}

/** Why a typed cell cannot be saved: 'format' (not a number of 0 or more), 'max', or null. */
export function cellProblem(column: GridColumn, text: string): 'format' | 'max' | 'required' | null {
  if (column === 'discount_price') return moneyProblem(text);
  // Stock and price cannot be left empty: an empty cell is no figure.
  if (text.trim() === '') return 'required';
  return column === 'stock' ? stockProblem(text) : moneyProblem(text);
}

type StockRow = SellerProductStockInput['rows'][number];

/**
 * The row a save sends: the changed cells, the stock the grid showed beside a new stock (a sale
 * meanwhile makes it a conflict rather than being overwritten) and the product's updated_at.
 */
export function stockRow(id: number, base: GridBase, edits: GridEdits, changed: readonly GridColumn[]): StockRow {
  const row: StockRow = { id, updated_at: base.updated_at };
  const text = (column: GridColumn) => (edits[column] ?? '').trim();
  if (changed.includes('stock')) {
    row.stock = Number(text('stock'));
    row.expected_stock = base.stock;
  }
  if (changed.includes('price')) row.price = Number(text('price'));
  if (changed.includes('discount_price'))
    row.discount_price = text('discount_price') === '' ? null : Number(text('discount_price'));
  return row;
}
