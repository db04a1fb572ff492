import type { Database } from '../../client';
import { countries, currencies, languages, provinces } from '../../schema/settings';
import { allCountries, INDONESIAN_PROVINCES } from '../data/countries';
import { insertReturning } from './rows';

/** Languages, currencies, countries and Indonesia's provinces; returns province ids by code. */
export async function seedLocale(tx: Database): Promise<Map<string, number>> {
  await tx.insert(languages).values([
    { name: 'en', title: 'English', direction: 'ltr', isDefault: true, position: 0 },
    { name: 'id', title: 'Bahasa Indonesia', direction: 'ltr', isDefault: false, position: 1 },
    { name: 'ar', title: 'العربية', direction: 'rtl', isDefault: false, position: 2 },
  ]);
  await tx.insert(currencies).values([
    { name: 'Indonesian Rupiah', code: 'IDR', symbol: 'Rp', rate: 1, isDefault: true, position: 0 },
    { name: 'US Dollar', code: 'USD', symbol: '$', rate: 0.000063, isDefault: false, position: 1 },
    { name: 'Singapore Dollar', code: 'SGD', symbol: 'S$', rate: 0.000084, isDefault: false, position: 2 },
  ]);
  const countryRows = await insertReturning(tx, countries, allCountries());
  const indonesia = countryRows.find((c) => c.code === 'ID');
  if (!indonesia) throw new Error('Indonesia missing from the country list');
  const provinceRows = await insertReturning(
    tx,
    provinces,
    INDONESIAN_PROVINCES.map((p) => ({ ...p, countryId: indonesia.id })),
  );
  const provinceId = new Map(provinceRows.map((p) => [p.code, p.id]));
  return provinceId;
}
