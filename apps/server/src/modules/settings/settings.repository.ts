import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import {
  countries,
  currencies,
  deliveryCharges,
  footerItems,
  footers,
  languages,
  menus,
  paymentGateways,
  settings,
  socialLinks,
  vatTaxes,
} from '../../db/schema/settings';
import { type SettingsKey, type SettingsValue, settingsSchemas } from '../../db/schema/settings-values';
import { type Executor, executeRows } from '../../db/transaction';

/**
 * Reads the typed values of the given settings keys. A stored value that no longer matches its
 * schema is reported with the key, instead of leaking half-valid settings to every page.
 */
export async function findSettings<K extends SettingsKey>(
  db: Executor,
  keys: readonly K[],
): Promise<{ [P in K]?: SettingsValue<P> }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const result: { [P in K]?: SettingsValue<P> } = {};
  for (const row of rows) {
    const key = row.key as K;
    const parsed = settingsSchemas[key].safeParse(row.value);
    if (!parsed.success) throw new Error(`Setting "${key}" does not match its schema: ${parsed.error.message}`);
    result[key] = parsed.data as SettingsValue<K>;
  }
  return result;
}

/** One settings group's stored value (unchecked), locked until the transaction ends; null when never saved. */
export async function lockSetting(tx: Executor, key: SettingsKey): Promise<unknown> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  return row?.value ?? null;
}

export async function saveSetting<K extends SettingsKey>(db: Executor, key: K, value: SettingsValue<K>) {
  const parsed = settingsSchemas[key].parse(value);
  await db
    .insert(settings)
    .values({ key, value: parsed })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: parsed },
    });
}

export async function findActiveCurrencies(db: Database) {
  return db
    .select({
      id: currencies.id,
      name: currencies.name,
      code: currencies.code,
      symbol: currencies.symbol,
      rate: currencies.rate,
      isDefault: currencies.isDefault,
    })
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(asc(currencies.position), asc(currencies.id));
}

export async function findActiveMenus(db: Database) {
  return db
    .select({
      id: menus.id,
      name: menus.name,
      url: menus.url,
      target: menus.target,
      isExternal: menus.isExternal,
    })
    .from(menus)
    .where(eq(menus.isActive, true))
    .orderBy(asc(menus.position), asc(menus.id));
}

/** Active footer columns with their items, both in position order (two queries, no N+1). */
export async function findActiveFooters(db: Database) {
  const columns = await db
    .select({ id: footers.id, title: footers.title, position: footers.position })
    .from(footers)
    .where(eq(footers.isActive, true))
    .orderBy(asc(footers.position), asc(footers.id));
  if (columns.length === 0) return [];
  const items = await db
    .select({
      id: footerItems.id,
      footerId: footerItems.footerId,
      type: footerItems.type,
      title: footerItems.title,
      translations: footerItems.translations,
      url: footerItems.url,
      target: footerItems.target,
    })
    .from(footerItems)
    .where(
      inArray(
        footerItems.footerId,
        columns.map((c) => c.id),
      ),
    )
    .orderBy(asc(footerItems.position), asc(footerItems.id));
  return columns.map((column) => ({ ...column, items: items.filter((item) => item.footerId === column.id) }));
}

export async function findActiveSocialLinks(db: Database) {
  return db
    .select({ id: socialLinks.id, name: socialLinks.name, link: socialLinks.link, logo: media.path })
    .from(socialLinks)
    .leftJoin(media, eq(media.id, socialLinks.logoId))
    .where(eq(socialLinks.isActive, true))
    .orderBy(asc(socialLinks.position), asc(socialLinks.id));
}

/** Only what a browser may see: never the `config` column, which holds the gateway secrets. */
export async function findActivePaymentGateways(db: Database) {
  return db
    .select({
      id: paymentGateways.id,
      name: paymentGateways.name,
      title: paymentGateways.title,
      translations: paymentGateways.translations,
      logo: media.path,
    })
    .from(paymentGateways)
    .leftJoin(media, eq(media.id, paymentGateways.logoId))
    .where(eq(paymentGateways.isActive, true))
    .orderBy(asc(paymentGateways.id));
}

/** A gateway with its configuration (secrets included: for the server's own use only). */
export async function findPaymentGateway(db: Database, name: string) {
  const [row] = await db
    .select({
      name: paymentGateways.name,
      title: paymentGateways.title,
      config: paymentGateways.config,
      mode: paymentGateways.mode,
      isActive: paymentGateways.isActive,
    })
    .from(paymentGateways)
    .where(eq(paymentGateways.name, name));
  return row;
}

/** The delivery-charge tiers, smallest quantities first. */
export async function findDeliveryTiers(db: Database) {
  return db
    .select({ minQty: deliveryCharges.minQty, maxQty: deliveryCharges.maxQty, charge: deliveryCharges.charge })
    .from(deliveryCharges)
    .orderBy(asc(deliveryCharges.minQty), asc(deliveryCharges.id));
}

/** The active order-based VAT rows. */
export async function findActiveVatRates(db: Database) {
  return db
    .select({
      id: vatTaxes.id,
      name: vatTaxes.name,
      percentage: vatTaxes.percentage,
      translations: vatTaxes.translations,
    })
    .from(vatTaxes)
    .where(eq(vatTaxes.isActive, true))
    .orderBy(asc(vatTaxes.id));
}

export async function findCountries(db: Database) {
  return db
    .select({ id: countries.id, name: countries.name, code: countries.code, phoneCode: countries.phoneCode })
    .from(countries)
    .orderBy(asc(countries.name), asc(countries.id));
}

/** The settings' version (migration 0029): moves with every write to a table settings are read from. */
export async function findSettingsVersion(db: Database): Promise<string> {
  const [row] = await executeRows<{ version: string }>(
    db,
    sql`select last_value::text || (case when is_called then '+' else '' end) as version from settings_version`,
  );
  return row?.version ?? '';
}

// ---------------------------------------------------------------------------------------------
// Delivery tiers and VAT rows as the operator edits them (writes move settings_version).

const tierColumns = {
  id: deliveryCharges.id,
  name: deliveryCharges.name,
  minQty: deliveryCharges.minQty,
  maxQty: deliveryCharges.maxQty,
  charge: deliveryCharges.charge,
};
export type DeliveryTierRow = { id: number; name: string; minQty: number; maxQty: number; charge: number };
export type DeliveryTierValues = Omit<DeliveryTierRow, 'id'>;

export async function findAllDeliveryTiers(db: Executor): Promise<DeliveryTierRow[]> {
  return db.select(tierColumns).from(deliveryCharges).orderBy(asc(deliveryCharges.minQty), asc(deliveryCharges.id));
}

/** One tier; with `lock`, its row stays locked (FOR UPDATE) until the transaction `db` ends. */
export async function findDeliveryTier(db: Executor, id: number, lock = false): Promise<DeliveryTierRow | undefined> {
  const query = db.select(tierColumns).from(deliveryCharges).where(eq(deliveryCharges.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertDeliveryTier(db: Executor, values: DeliveryTierValues) {
  const [row] = await db.insert(deliveryCharges).values(values).returning({ id: deliveryCharges.id });
  if (!row) throw new Error('delivery tier insert returned no row');
  return row.id;
}

export async function updateDeliveryTier(db: Executor, id: number, values: DeliveryTierValues) {
  const rows = await db
    .update(deliveryCharges)
    .set(values)
    .where(eq(deliveryCharges.id, id))
    .returning({ id: deliveryCharges.id });
  return rows.length > 0;
}

export async function deleteDeliveryTier(db: Executor, id: number) {
  const rows = await db.delete(deliveryCharges).where(eq(deliveryCharges.id, id)).returning({ id: deliveryCharges.id });
  return rows.length > 0;
}

const vatColumns = {
  id: vatTaxes.id,
  name: vatTaxes.name,
  translations: vatTaxes.translations,
  percentage: vatTaxes.percentage,
  isActive: vatTaxes.isActive,
};
export type VatRow = {
  id: number;
  name: string;
  translations: Record<string, string>;
  percentage: number;
  isActive: boolean;
};
export type VatValues = Omit<VatRow, 'id'>;

export async function findAllVat(db: Executor): Promise<VatRow[]> {
  return db.select(vatColumns).from(vatTaxes).orderBy(asc(vatTaxes.id));
}

/** One VAT row; with `lock`, it stays locked (FOR UPDATE) until the transaction `db` ends. */
export async function findVat(db: Executor, id: number, lock = false): Promise<VatRow | undefined> {
  const query = db.select(vatColumns).from(vatTaxes).where(eq(vatTaxes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertVat(db: Executor, values: VatValues) {
  const [row] = await db.insert(vatTaxes).values(values).returning({ id: vatTaxes.id });
  if (!row) throw new Error('vat insert returned no row');
  return row.id;
}

export async function updateVat(db: Executor, id: number, values: VatValues) {
  const rows = await db.update(vatTaxes).set(values).where(eq(vatTaxes.id, id)).returning({ id: vatTaxes.id });
  return rows.length > 0;
}

/** Every payment gateway with its configuration, for the operator's form (the service hides the keys). */
export async function findAllPaymentGateways(db: Executor) {
  return db
    .select({
      name: paymentGateways.name,
      title: paymentGateways.title,
      config: paymentGateways.config,
      mode: paymentGateways.mode,
      isActive: paymentGateways.isActive,
    })
    .from(paymentGateways)
    .orderBy(asc(paymentGateways.id));
}

/** One gateway, locked for its update. */
export async function lockPaymentGateway(tx: Executor, name: string) {
  const [row] = await tx
    .select({
      name: paymentGateways.name,
      title: paymentGateways.title,
      config: paymentGateways.config,
      mode: paymentGateways.mode,
      isActive: paymentGateways.isActive,
    })
    .from(paymentGateways)
    .where(eq(paymentGateways.name, name))
    .for('update');
  return row;
}

export async function updatePaymentGateway(
  tx: Executor,
  name: string,
  values: { title: string; mode: 'test' | 'live'; isActive: boolean; config: Record<string, unknown> },
) {
  await tx.update(paymentGateways).set(values).where(eq(paymentGateways.name, name));
}

/** Every menu item (active or not) in its order, for the operator's form. */
export async function findAllMenus(db: Executor) {
  return db
    .select({
      id: menus.id,
      name: menus.name,
      url: menus.url,
      is_external: menus.isExternal,
      target: menus.target,
      is_active: menus.isActive,
    })
    .from(menus)
    .orderBy(asc(menus.position), asc(menus.id));
}

/** The menu replaced by the given items, in their order (the caller's transaction; rows locked first). */
export async function replaceMenus(
  tx: Executor,
  items: { name: string; url: string; is_external: boolean; target: '_self' | '_blank'; is_active: boolean }[],
) {
  await tx.select({ id: menus.id }).from(menus).for('update');
  await tx.delete(menus);
  if (items.length === 0) return;
  await tx.insert(menus).values(
    items.map((item, position) => ({
      name: item.name,
      url: item.url,
      isExternal: item.is_external,
      target: item.target,
      isActive: item.is_active,
      position,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Currencies, languages and social links as the operator edits them (writes move settings_version).

export async function findAllCurrencies(db: Executor) {
  return db
    .select({
      id: currencies.id,
      code: currencies.code,
      name: currencies.name,
      symbol: currencies.symbol,
      rate: currencies.rate,
      is_default: currencies.isDefault,
      is_active: currencies.isActive,
    })
    .from(currencies)
    .orderBy(asc(currencies.position), asc(currencies.id));
}

/**
 * The currencies replaced by the given list, matched by code: a listed code is updated (or added),
 * any other removed; the order is the list's. The caller's transaction; the rows are locked first.
 */
export async function replaceCurrencies(
  tx: Executor,
  items: { code: string; name: string; symbol: string; rate: number; is_default: boolean; is_active: boolean }[],
) {
  await tx.select({ id: currencies.id }).from(currencies).for('update');
  const codes = items.map((item) => item.code);
  await tx.delete(currencies).where(notInArray(currencies.code, codes));
  for (const [position, item] of items.entries()) {
    const values = {
      name: item.name,
      symbol: item.symbol,
      rate: item.rate,
      isDefault: item.is_default,
      isActive: item.is_active,
      position,
    };
    await tx
      .insert(currencies)
      .values({ code: item.code, ...values })
      .onConflictDoUpdate({ target: currencies.code, set: values });
  }
}

export async function findAllLanguages(db: Executor) {
  return db
    .select({
      id: languages.id,
      name: languages.name,
      title: languages.title,
      direction: languages.direction,
      is_default: languages.isDefault,
      is_active: languages.isActive,
    })
    .from(languages)
    .orderBy(asc(languages.position), asc(languages.id));
}

/** Each language's title, direction, switches and place, by its code (the caller checked the codes). */
export async function updateLanguages(
  tx: Executor,
  items: { name: string; title: string; direction: 'ltr' | 'rtl'; is_default: boolean; is_active: boolean }[],
) {
  for (const [position, item] of items.entries()) {
    await tx
      .update(languages)
      .set({
        title: item.title,
        direction: item.direction,
        isDefault: item.is_default,
        isActive: item.is_active,
        position,
      })
      .where(eq(languages.name, item.name));
  }
}

/** Locks the languages for an update and reads them (the caller's transaction). */
export async function lockLanguages(tx: Executor) {
  await tx.select({ id: languages.id }).from(languages).for('update');
  return findAllLanguages(tx);
}

export async function findAllSocialLinks(db: Executor) {
  return db
    .select({
      id: socialLinks.id,
      name: socialLinks.name,
      link: socialLinks.link,
      is_active: socialLinks.isActive,
      logoId: socialLinks.logoId,
      logo: media.path,
    })
    .from(socialLinks)
    .leftJoin(media, eq(media.id, socialLinks.logoId))
    .orderBy(asc(socialLinks.position), asc(socialLinks.id));
}

/**
 * The social links replaced by the given items, in their order; a link whose name was already
 * there keeps its logo. The caller's transaction; the rows are locked first.
 */
export async function replaceSocialLinks(
  tx: Executor,
  items: { name: string; link: string; is_active: boolean }[],
  logoOf: (name: string) => number | null,
) {
  await tx.select({ id: socialLinks.id }).from(socialLinks).for('update');
  await tx.delete(socialLinks);
  if (items.length === 0) return;
  await tx.insert(socialLinks).values(
    items.map((item, position) => ({
      name: item.name,
      link: item.link,
      isActive: item.is_active,
      logoId: logoOf(item.name),
      position,
    })),
  );
}

export async function findAllFooters(db: Executor) {
  const columns = await db
    .select({ id: footers.id, title: footers.title, is_active: footers.isActive })
    .from(footers)
    .orderBy(asc(footers.position), asc(footers.id));
  const items = await db
    .select({
      id: footerItems.id,
      footerId: footerItems.footerId,
      type: footerItems.type,
      title: footerItems.title,
      translations: footerItems.translations,
      url: footerItems.url,
      target: footerItems.target,
    })
    .from(footerItems)
    .orderBy(asc(footerItems.position), asc(footerItems.id));
  return columns.map((column) => ({
    ...column,
    items: items.filter((item) => item.footerId === column.id).map(({ footerId: _f, ...item }) => item),
  }));
}

export type FooterColumnValues = {
  title: string;
  is_active: boolean;
  items: Pick<typeof footerItems.$inferInsert, 'type' | 'title' | 'translations' | 'url' | 'target'>[];
};

/** The footer replaced by the given columns and their items, in their order (the caller's transaction). */
export async function replaceFooters(tx: Executor, columns: FooterColumnValues[]) {
  await tx.select({ id: footers.id }).from(footers).for('update');
  await tx.delete(footerItems);
  await tx.delete(footers);
  for (const [position, column] of columns.entries()) {
    const [row] = await tx
      .insert(footers)
      .values({ title: column.title, isActive: column.is_active, position })
      .returning({ id: footers.id });
    if (!row || column.items.length === 0) continue;
    await tx
      .insert(footerItems)
      .values(column.items.map((item, itemPosition) => ({ ...item, footerId: row.id, position: itemPosition })));
  }
}
