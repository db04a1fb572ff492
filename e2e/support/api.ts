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
    running_flash_sale: { name: string } | null;
    popular_products: { name: string }[];
  };
}

export interface CategoriesData {
  data: {
    categories: { name: string; slug: string; sub_categories: { name: string; slug: string }[] }[];
  };
}
