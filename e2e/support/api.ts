import type { DisplayCurrency } from '../../apps/web/app/lib/display-currency';
import { baseUrl } from './browser';

/** Reads a call of the real API, for the expected values of a spec. */
export async function api<T>(path: string, locale = 'en'): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': locale } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export interface MasterData {
  data: {
    app_name: string;
    multi_vendor: boolean;
    currency: { name: string; symbol: string; position: 'prefix' | 'suffix' };
    currencies: { code: string; symbol: string; rate_from_default: number; is_default: boolean }[];
    languages: { name: string; title: string; direction: string }[];
    menus: { name: string; url: string }[];
  };
}

export interface HomeData {
  data: {
    just_for_you: {
      products: { name: string; slug: string; price: number; discount_price: number; quantity: number }[];
    };
    running_flash_sale: { id: number; name: string } | null;
    popular_products: { name: string }[];
    categories: { name: string; slug: string }[];
  };
}

export interface CategoriesData {
  data: {
    categories: { name: string; slug: string; sub_categories: { name: string; slug: string }[] }[];
  };
}

/** A text of the interface in a language, with its `{{name}}` values filled in. */
export type Translate = (text: string, values?: Record<string, string | number>) => string;

/**
 * The interface's texts in `locale` as the server serves them (GET /api/lang/{locale}); English
 * is the keys themselves. A text the language lacks stays in English, as the web app shows it.
 */
export async function translator(locale: string): Promise<Translate> {
  const strings = locale === 'en' ? {} : await api<Record<string, string>>(`/api/lang/${locale}`);
  return (text, values = {}) =>
    Object.entries(values).reduce(
      (out, [name, value]) => out.replaceAll(`{{${name}}}`, String(value)),
      strings[text] ?? text,
    );
}

/**
 * The marketplace's default currency as the web app's money formatter (apps/web/app/lib/money.ts)
 * takes it, the one the API counts in and the Seller Centre shows (the web's useDefaultCurrency).
 */
export async function defaultCurrency(): Promise<DisplayCurrency> {
  const { currency, currencies } = (await api<MasterData>('/api/master')).data;
  const listed = currencies.find((c) => c.is_default) ?? currencies[0];
  return {
    code: listed?.code ?? currency.name,
    symbol: listed?.symbol || currency.symbol,
    rate: 1,
    position: currency.position,
  };
}
