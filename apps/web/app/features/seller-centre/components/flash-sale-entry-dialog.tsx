import type { ProductCard } from '@shop/contracts/catalog';
import { FLASH_SALE_ENTRY_MAX_QUANTITY, type FlashSaleEntry } from '@shop/contracts/seller-flash-sales';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import {
  shopProductChoicesQueryOptions,
  useAddFlashSaleEntry,
  useUpdateFlashSaleEntry,
} from '../api/seller-flash-sales';
import { useSellerMoney } from '../format';

const FIELDS = ['product_id', 'price', 'quantity'] as const;
type Field = (typeof FIELDS)[number];

/** How long typing rests before the product search asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** What the entry is priced against: the product's price and its stock. */
interface EntryProduct {
  id: number;
  name: string;
  price: number;
  /** Units in stock (null when changing an entry: the server checks it). */
  stock: number | null;
}

/** Checks a sale price and quantity as the server does: below the product's price, within stock. */
export function checkEntry(
  input: { price: string; quantity: string },
  product: EntryProduct | null,
  t: (key: string, options?: Record<string, unknown>) => string,
  format: (amount: number) => string,
): { errors: Partial<Record<Field, string>>; price: number; quantity: number } {
  const errors: Partial<Record<Field, string>> = {};
  if (!product) errors.product_id = t('Choose a product.');
  const priceText = input.price.trim().replace(',', '.');
  const price = Number(priceText);
  if (priceText === '') errors.price = t('The {{field}} field is required.', { field: t('price') });
  else if (!/^\d{1,11}(\.\d{1,2})?$/.test(priceText)) {
    errors.price = t('Enter the price as a number with at most 2 decimals.');
  } else if (price < 0.01)
    errors.price = t('The {{field}} must be at least {{min}}.', { field: t('price'), min: 0.01 });
  else if (product && price >= product.price) {
    errors.price = t('The sale price must be less than the product price of {{price}}.', {
      price: format(product.price),
    });
  }
  const quantityText = input.quantity.trim();
  const quantity = Number(quantityText);
  const most = Math.min(FLASH_SALE_ENTRY_MAX_QUANTITY, product?.stock ?? FLASH_SALE_ENTRY_MAX_QUANTITY);
  if (quantityText === '') errors.quantity = t('The {{field}} field is required.', { field: t('quantity') });
  else if (!/^\d{1,9}$/.test(quantityText))
    errors.quantity = t('The {{field}} must be an integer.', { field: t('quantity') });
  else if (quantity < 1)
    errors.quantity = t('The {{field}} must be at least {{min}}.', { field: t('quantity'), min: 1 });
  else if (product?.stock !== null && product?.stock !== undefined && quantity > product.stock) {
    errors.quantity = t('The quantity may not be more than the {{count}} in stock.', { count: product.stock });
  } else if (quantity > most) {
    errors.quantity = t('The {{field}} may not be greater than {{max}}.', { field: t('quantity'), max: most });
  }
  return { errors, price, quantity };
}

/** The shop's products to choose from, found by name as the seller types. */
function ProductChoice({
  shopId,
  chosen,
  onChoose,
  error,
  selectId,
}: {
  shopId: number;
  chosen: ProductCard | null;
  onChoose: (product: ProductCard | null) => void;
  error?: string;
  selectId: string;
}) {
  const t = useT();
  const api = useApi();
  const money = useSellerMoney();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const products = useQuery(shopProductChoicesQueryOptions(api, shopId, search));
  // Only products with stock can go on sale.
  const choices = (products.data ?? []).filter((p) => p.quantity > 0);
  const list = chosen && !choices.some((p) => p.id === chosen.id) ? [chosen, ...choices] : choices;
  return (
    <div className="space-y-3">
      <TextField
        label={t('Find a product')}
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
      />
      <SelectField
        id={selectId}
        label={t('Product')}
        placeholder={
          products.isPending ? t('Loading') : list.length === 0 ? t('No products found') : t('Choose a product')
        }
        options={list.map((p) => ({
          value: String(p.id),
          label: `${p.name} · ${money.format(p.price)} · ${t('{{count}} in stock', { count: p.quantity })}`,
        }))}
        value={chosen ? String(chosen.id) : ''}
        onChange={(e) => onChoose(list.find((p) => String(p.id) === e.target.value) ?? null)}
        error={error}
      />
    </div>
  );
}

export type EntryDialogTarget =
  | { kind: 'add'; saleId: number; saleName: string }
  | { kind: 'edit'; saleName: string; entry: FlashSaleEntry };

/**
 * Enters one of the shop's products in an upcoming sale, or changes an entry's sale price and
 * quantity; the server's field errors (a price not below the product's, more than its stock, a
 * sale that started meanwhile) go under the fields or above the buttons.
 */
export function FlashSaleEntryDialog({
  target,
  shopId,
  onClose,
}: {
  target: EntryDialogTarget | null;
  shopId: number;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <AppDialog
      open={target !== null}
      onClose={onClose}
      title={
        target?.kind === 'edit'
          ? t('Change {{product}}', { product: target.entry.product_name })
          : t('Enter a product in {{sale}}', { sale: target?.saleName ?? '' })
      }
    >
      {target && (
        <EntryForm
          key={target.kind === 'edit' ? `e${target.entry.id}` : `a${target.saleId}`}
          target={target}
          shopId={shopId}
          onDone={onClose}
        />
      )}
    </AppDialog>
  );
}

function EntryForm({ target, shopId, onDone }: { target: EntryDialogTarget; shopId: number; onDone: () => void }) {
  const t = useT();
  const money = useSellerMoney();
  const id = useId();
  const add = useAddFlashSaleEntry();
  const update = useUpdateFlashSaleEntry();
  const editing = target.kind === 'edit' ? target.entry : null;
  const [chosen, setChosen] = useState<ProductCard | null>(null);
  const [price, setPrice] = useState(editing ? String(editing.price) : '');
  const [quantity, setQuantity] = useState(editing ? String(editing.quantity) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const product: EntryProduct | null = editing
    ? { id: editing.product_id, name: editing.product_name, price: editing.regular_price, stock: null }
    : chosen
      ? { id: chosen.id, name: chosen.name, price: chosen.price, stock: chosen.quantity }
      : null;
  const pending = add.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkEntry({ price, quantity }, product, t, money.format);
    setErrors(checked.errors);
    const first = FIELDS.find((f) => checked.errors[f]);
    if (first || !product) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const handlers = {
      onSuccess: (reply: { message: string }) => {
        notifySuccess(reply.message);
        onDone();
      },
      onError: (error: Error) => {
        const server = serverFieldErrors(error);
        const mine = Object.fromEntries(Object.entries(server).filter(([f]) => FIELDS.includes(f as Field)));
        setErrors(mine);
        const rest = Object.entries(server)
          .filter(([f]) => !FIELDS.includes(f as Field))
          .map(([, m]) => m);
        setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(mine).length > 0 ? null : error.message);
      },
    };
    if (editing) update.mutate({ id: editing.id, price: checked.price, quantity: checked.quantity }, handlers);
    else if (target.kind === 'add') {
      add.mutate(
        { flash_sale_id: target.saleId, product_id: product.id, price: checked.price, quantity: checked.quantity },
        handlers,
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-5 py-4">
      {editing ? (
        <p className="text-sm text-slate-600">
          {t('Regular price: {{price}}', { price: money.format(editing.regular_price) })}
        </p>
      ) : (
        <ProductChoice
          shopId={shopId}
          chosen={chosen}
          onChoose={setChosen}
          error={errors.product_id}
          selectId={`${id}-product_id`}
        />
      )}
      <TextField
        id={`${id}-price`}
        label={`${t('Sale price')} (${money.symbol})`}
        inputMode="decimal"
        dir="ltr"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={errors.price}
        autoComplete="off"
      />
      <TextField
        id={`${id}-quantity`}
        label={t('Quantity on sale')}
        inputMode="numeric"
        dir="ltr"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={errors.quantity}
        autoComplete="off"
      />
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          {t('Go back')}
        </Button>
        <Button type="submit" loading={pending}>
          {editing ? t('Save changes') : t('Enter product')}
        </Button>
      </div>
    </form>
  );
}
