import { randomBytes } from 'node:crypto';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
} from '@shop/contracts/constants';
import { DEFAULT_COMMISSION_RATE_BPS } from '@shop/contracts/earnings';
import type {
  DeliveryTier,
  deliveryTierInputSchema,
  VatRate,
  vatRateInputSchema,
} from '@shop/contracts/operator-promotions';
import type {
  OperatorCommerceSettings,
  OperatorCurrencies,
  OperatorCurrenciesInput,
  OperatorFooters,
  OperatorFootersOutput,
  OperatorGeneralSettings,
  OperatorLanguages,
  OperatorLanguagesInput,
  OperatorMenus,
  OperatorMenusInput,
  OperatorPaymentGateway,
  OperatorPaymentGatewayInput,
  OperatorSettings,
  OperatorSettingsSection,
  OperatorSocialAuthSettingsInput,
  OperatorSocialLinks,
  OperatorSocialLinksInput,
  OperatorThemeColors,
  OperatorVerifySettings,
  SocialProvider,
} from '@shop/contracts/operator-settings';
import {
  SETTINGS_IMAGE_MAX_BYTES,
  SETTINGS_IMAGES,
  type SettingsImage,
  SOCIAL_PROVIDERS,
} from '@shop/contracts/operator-settings';
import type { Country, Master, ThemeColors } from '@shop/contracts/settings';
import type { z } from 'zod';
import {
  type CommerceSettings,
  type GeneralSettings,
  type RealtimeSettings,
  type SettingsKey,
  type SocialAuthSettings,
  settingsSchemas,
  type VerifySettings,
} from '../../db/schema/settings-values';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps, CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { FieldErrors, type FieldMessages, notFound } from '../../lib/errors';
import { deleteReplaced, uploadsKey } from '../../lib/media-store';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { toMinor, toMoney } from '../../lib/money';
import type { UploadedFile } from '../../lib/multipart-form';
import { translate } from '../../lib/translation';
import { PUBLIC_STALE_MS, TtlCache } from '../../lib/ttl-cache';
import { fittedWebp } from '../../lib/uploaded-image';
import { VersionWatch } from '../../lib/version-watch';
import type { LanguagesService } from '../languages/languages.service';
import {
  type DeliveryTierRow,
  deleteDeliveryTier,
  findActiveCurrencies,
  findActiveFooters,
  findActiveMenus,
  findActivePaymentGateways,
  findActiveSocialLinks,
  findActiveVatRates,
  findAllCurrencies,
  findAllDeliveryTiers,
  findAllFooters,
  findAllLanguages,
  findAllMenus,
  findAllPaymentGateways,
  findAllSocialLinks,
  findAllVat,
  findCountries,
  findDeliveryTier,
  findDeliveryTiers,
  findPaymentGateway,
  findSettings,
  findSettingsVersion,
  findVat,
  insertDeliveryTier,
  insertVat,
  lockLanguages,
  lockPaymentGateway,
  lockSetting,
  replaceCurrencies,
  replaceFooters,
  replaceMenus,
  replaceSocialLinks,
  saveSetting,
  updateDeliveryTier,
  updateLanguages,
  updatePaymentGateway,
  updateVat,
  type VatRow,
} from './settings.repository';

export interface CheckoutRules {
  tiers: { minQty: number; maxQty: number; charge: number }[];
  vat: { id: number; name: string; percentage: number }[];
  /** Each VAT row's name in other languages, by its id (kept apart: placement copies `vat` as it is). */
  vatTranslations: Record<number, Record<string, string>>;
  cashOnDelivery: boolean;
  onlinePayment: boolean;
  /** Names of the active online gateways (sandbox, stripe). */
  onlineGateways: string[];
  /** Titles of the active gateways by name ("Cash on Delivery"), in English. */
  gatewayTitles: Record<string, string>;
  /** Their titles in other languages, by name (see gatewayTitlesIn). */
  gatewayTitleTranslations: Record<string, Record<string, string>>;
  /** order_place_account_verify: placing an order needs a verified e-mail or phone. */
  accountVerify: boolean;
  multiVendor: boolean;
  /** Code of the default currency, the currency of every amount. */
  currency: string;
  /** Days after delivery during which a return can be asked. */
  returnOrderWithinDays: number;
}

/** The active gateways' titles by name in `locale` (English where one is not translated). */
export function gatewayTitlesIn(rules: CheckoutRules, locale: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rules.gatewayTitles).map(([name, title]) => [
      name,
      translate(title, rules.gatewayTitleTranslations[name], locale),
    ]),
  );
}

/** Every page asks for the master settings; a few seconds of reuse saves most of the queries. */
const MASTER_TTL_MS = 5_000;
/** How often a process looks at the settings' version: a saved change is seen within this. */
const SETTINGS_POLL_MS = 500;
/** A load this soon after the version moved may have missed the write's commit: loaded once more. */
const SETTINGS_SETTLE_MS = 2_000;

const noThemeColors: ThemeColors = {
  primary: null,
  primary50: null,
  primary100: null,
  primary200: null,
  primary300: null,
  primary400: null,
  primary500: null,
  primary600: null,
  primary700: null,
  primary800: null,
  primary900: null,
  primary950: null,
};

/** What a shop gets for a settings group nobody has saved yet: the spec's defaults. */
const defaults = {
  /** What a marketplace that never saved its general settings shows (the demo seed saves them). */
  general: {
    app_name: 'Shop',
    tagline: '',
    mobile: '',
    email: '',
    address: '',
    currency_position: 'prefix',
    multi_vendor: true,
    show_download_app: false,
    google_playstore_link: null,
    app_store_link: null,
    web_show_footer: true,
    web_footer_text: null,
    web_footer_description: null,
    web_logo: '',
    web_footer_logo: null,
    app_logo: null,
    footer_qr: null,
    favicon: null,
    time_zone: DEFAULT_TIME_ZONE,
    text_translations: {},
  } satisfies GeneralSettings,
  verify: {
    register_otp_verify: false,
    register_otp_type: 'email',
    forgot_otp_type: 'email',
    phone_required: true,
    phone_min_length: PHONE_MIN_LENGTH,
    phone_max_length: PHONE_MAX_LENGTH,
    order_place_account_verify: false,
  } satisfies VerifySettings,
  commerce: {
    cash_on_delivery: true,
    online_payment: true,
    return_order_within_days: 3,
    commission_rate_bps: DEFAULT_COMMISSION_RATE_BPS,
  } satisfies CommerceSettings,
  realtime: {
    pusher_app_key: null,
    pusher_app_cluster: null,
    pusher_host: null,
    pusher_port: null,
    pusher_force_tls: false,
  } satisfies RealtimeSettings,
  social_auths: {
    google: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
    facebook: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
    apple: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
  } satisfies SocialAuthSettings,
};

const byName = new Intl.Collator('en', { sensitivity: 'base' });

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The master settings with the texts of each language (the master itself is in English). */
interface LoadedMaster {
  master: Master;
  texts: GeneralSettings['text_translations'];
  /** Footer items' titles in other languages, by item id. */
  footerTexts: Map<number, Record<string, string>>;
  /** Payment gateways' titles in other languages, by gateway id. */
  gatewayTexts: Map<number, Record<string, string>>;
  /** The master as written in each language asked for so far. */
  byLocale: Map<string, Master>;
}

export class SettingsService {
  private readonly master: TtlCache<LoadedMaster>;
  private readonly rules: TtlCache<CheckoutRules>;
  private readonly changes: VersionWatch;
  private readonly clearedListeners: (() => void)[] = [];

  constructor(
    private readonly deps: CoreDeps & Pick<AppDeps, 'media' | 'log'>,
    private readonly languages: LanguagesService,
  ) {
    // Every page's server render needs these: past their time they are served once more while reloaded.
    this.master = new TtlCache(MASTER_TTL_MS, () => this.loadMaster(), { staleMs: PUBLIC_STALE_MS, name: 'settings' });
    this.rules = new TtlCache(MASTER_TTL_MS, () => this.loadCheckoutRules());
    // A write to the settings (this process or another) drops what is cached, within a poll.
    this.changes = new VersionWatch(
      () => findSettingsVersion(deps.database.db),
      () => deps.clock.now().getTime(),
      SETTINGS_POLL_MS,
      SETTINGS_SETTLE_MS,
    );
    this.changes.onChange(() => {
      this.clearCache();
      languages.clearCache();
    });
  }

  /** The settings, their texts (footer text and description) in `locale`, English where not translated. */
  async getMaster(locale: string = DEFAULT_LOCALE): Promise<Master> {
    await this.changes.observe();
    const loaded = await this.master.get();
    let master = loaded.byLocale.get(locale);
    if (!master) {
      const texts = loaded.texts[locale] ?? {};
      master = {
        ...loaded.master,
        web_footer_text: texts.web_footer_text?.trim() || loaded.master.web_footer_text,
        web_footer_description: texts.web_footer_description?.trim() || loaded.master.web_footer_description,
        payment_gateways: loaded.master.payment_gateways.map((g) => ({
          ...g,
          title: translate(g.title, loaded.gatewayTexts.get(g.id), locale),
        })),
        footers: loaded.master.footers.map((column) => ({
          ...column,
          items: column.items.map((item) => ({
            ...item,
            title: translate(item.title, loaded.footerTexts.get(item.id), locale),
          })),
        })),
      };
      // Locales come from the request, already narrowed to the active languages.
      loaded.byLocale.set(locale, master);
    }
    return master;
  }

  clearCache() {
    this.master.clear();
    this.rules.clear();
    for (const listener of this.clearedListeners) listener();
  }

  /**
   * `listener` runs whenever the settings' caches are dropped: a write through this process at
   * once, another process's within a poll (seen by observeChanges). Pages built from them go too.
   */
  onCleared(listener: () => void): void {
    this.clearedListeners.push(listener);
  }

  /** Looks whether another process wrote the settings (at most once per poll). */
  observeChanges(): Promise<void> {
    return this.changes.observe();
  }

  /** The stored values of some settings groups, read fresh (a group nobody saved is absent). */
  stored<K extends SettingsKey>(keys: readonly K[]) {
    return findSettings(this.deps.database.db, keys);
  }

  /** The active social links, read fresh. */
  activeSocialLinks() {
    return findActiveSocialLinks(this.deps.database.db);
  }

  /** A payment gateway's stored row (title, switch, credentials), read fresh; undefined when unknown. */
  paymentGateway(name: string) {
    return findPaymentGateway(this.deps.database.db, name);
  }

  /**
   * The marketplace's commission rate in basis points, read fresh (through `db`, a transaction
   * that is crediting an order): a delivered order is credited with the rate set at that moment.
   */
  async commissionRateBps(db: Executor = this.deps.database.db): Promise<number> {
    const { commerce } = await findSettings(db, ['commerce']);
    return (commerce ?? defaults.commerce).commission_rate_bps;
  }

  /**
   * Whether a product a seller publishes waits for the operator (default off), read fresh through
   * `db` (the transaction that publishes it).
   */
  async productsNeedApproval(db: Executor = this.deps.database.db): Promise<boolean> {
    const { commerce } = await findSettings(db, ['commerce']);
    return commerce?.new_products_need_approval ?? false;
  }

  /** GET /api/operator/settings: every section of the forms, read fresh; secrets only as "set or not". */
  async operatorSettings(): Promise<OperatorSettings> {
    const stored = await findSettings(this.deps.database.db, [
      'general',
      'verify',
      'commerce',
      'theme_colors',
      'social_auths',
    ]);
    const general = stored.general ?? defaults.general;
    const commerce: CommerceSettings = stored.commerce ?? defaults.commerce;
    const social = stored.social_auths ?? defaults.social_auths;
    const theme = stored.theme_colors;
    return {
      general: {
        app_name: general.app_name,
        tagline: general.tagline,
        mobile: general.mobile,
        email: general.email,
        address: general.address,
        currency_position: general.currency_position,
        multi_vendor: general.multi_vendor,
        show_download_app: general.show_download_app,
        google_playstore_link: general.google_playstore_link,
        app_store_link: general.app_store_link,
        web_show_footer: general.web_show_footer,
        web_footer_text: general.web_footer_text,
        web_footer_description: general.web_footer_description,
        time_zone: general.time_zone,
      },
      theme:
        theme && Object.values(theme).every((v) => typeof v === 'string' && v !== '')
          ? (theme as Record<string, string>)
          : null,
      verify: stored.verify ?? defaults.verify,
      commerce: {
        cash_on_delivery: commerce.cash_on_delivery,
        online_payment: commerce.online_payment,
        return_order_within_days: commerce.return_order_within_days,
        commission_rate: commerce.commission_rate_bps / 100,
        new_products_need_approval: commerce.new_products_need_approval ?? false,
      },
      social: Object.fromEntries(
        SOCIAL_PROVIDERS.map((name) => [
          name,
          {
            is_active: social[name].is_active,
            client_id: social[name].client_id,
            redirect_url: social[name].redirect_url,
            client_secret_set: Boolean(social[name].client_secret),
          },
        ]),
      ) as OperatorSettings['social'],
      images: Object.fromEntries(
        SETTINGS_IMAGES.map((kind) => [kind, mediaUrl(general[kind] || null)]),
      ) as OperatorSettings['images'],
    };
  }

  /**
   * POST /api/operator/settings/images/{kind}: the picture, re-encoded as WebP within its size,
   * written under the uploads folder and named in the general settings with its audit entry in one
   * transaction (the file goes if that fails). The picture it replaced goes when it was an upload.
   */
  async saveOperatorImage(kind: SettingsImage, upload: UploadedFile | null, audited?: AuditSink) {
    if (!upload) throw new FieldErrors({ image: [msg('Choose a picture.')] });
    const image = await fittedWebp(upload, {
      field: 'image',
      maxBytes: SETTINGS_IMAGE_MAX_BYTES,
      maxPx: SETTINGS_IMAGE_MAX_PX,
      messages: {
        tooLarge: msg('The picture may not be greater than {{max}} kilobytes.', {
          max: SETTINGS_IMAGE_MAX_BYTES / 1024,
        }),
        wrongType: msg('The picture must be a file of type: jpg, jpeg, png, webp.'),
        unreadable: msg('The picture could not be read as an image.'),
      },
    });
    const stored = `${SETTINGS_IMAGE_FOLDER}/${randomBytes(12).toString('hex')}.webp`;
    await this.deps.media.put(uploadsKey(stored), image.data);
    try {
      await this.replaceImage(kind, stored, audited);
    } catch (error) {
      await this.deps.media.delete(uploadsKey(stored));
      throw error;
    }
    return this.operatorSettings();
  }

  /** DELETE /api/operator/settings/images/{kind}: no picture any more (the header's logo is required). */
  async removeOperatorImage(kind: SettingsImage, audited?: AuditSink) {
    if (kind === 'web_logo') throw new FieldErrors({ image: [msg('The header’s logo can be replaced, not removed.')] });
    await this.replaceImage(kind, null, audited);
    return this.operatorSettings();
  }

  private async replaceImage(kind: SettingsImage, stored: string | null, audited?: AuditSink) {
    const replaced = await transaction(this.deps.database.db, async (tx) => {
      const raw = await lockSetting(tx, 'general');
      const general = raw === null ? defaults.general : settingsSchemas.general.parse(raw);
      const before = general[kind] || null;
      await saveSetting(tx, 'general', { ...general, [kind]: stored ?? (kind === 'web_logo' ? '' : null) });
      await audited?.(tx, {
        kind: 'settings',
        action: stored ? 'upload' : 'remove',
        recordId: 'general',
        before: { [kind]: before },
        after: { [kind]: stored },
      });
      return before;
    });
    this.clearCache();
    // The picture it replaced, when it was an upload of the settings, is no one's any more.
    if (replaced?.startsWith(`${SETTINGS_IMAGE_FOLDER}/`)) await deleteReplaced(this.deps, uploadsKey(replaced));
  }

  /**
   * PUT /api/operator/settings/{section}: the section's group is locked, merged with what the form
   * sends (fields the form does not show, such as logos and translations, stay), checked against
   * the stored schema and written, with its audit entry, in one transaction. Every process sees it
   * within a poll (settings_version); this one at once.
   */
  async saveOperatorSection(
    section: OperatorSettingsSection,
    input:
      | OperatorGeneralSettings
      | OperatorThemeColors
      | OperatorVerifySettings
      | OperatorCommerceSettings
      | OperatorSocialAuthSettingsInput,
    audited?: AuditSink,
  ): Promise<OperatorSettings> {
    const key = SECTION_KEYS[section];
    await transaction(this.deps.database.db, async (tx) => {
      const raw = await lockSetting(tx, key);
      const before = raw === null ? null : settingsSchemas[key].parse(raw);
      const after = mergeSection(section, before, input);
      await saveSetting(tx, key, after as never);
      await audited?.(tx, { kind: 'settings', action: 'update', recordId: key, before, after });
    });
    this.clearCache();
    this.languages.clearCache();
    return this.operatorSettings();
  }

  /** GET /api/operator/settings/currencies: every currency in its order. */
  async operatorCurrencies(): Promise<OperatorCurrencies> {
    return findAllCurrencies(this.deps.database.db);
  }

  /** PUT /api/operator/settings/currencies: the list replaced (matched by code), with one audit entry. */
  async saveOperatorCurrencies(input: OperatorCurrenciesInput, audited?: AuditSink): Promise<OperatorCurrencies> {
    await transaction(this.deps.database.db, async (tx) => {
      const before = await findAllCurrencies(tx);
      await replaceCurrencies(tx, input.items);
      await audited?.(tx, {
        kind: 'settings',
        action: 'update',
        recordId: 'currencies',
        before: before.map(({ id: _id, ...item }) => item),
        after: input.items,
      });
    });
    this.clearCache();
    return this.operatorCurrencies();
  }

  /** GET /api/operator/settings/languages: every language of the release, in its order. */
  async operatorLanguages(): Promise<OperatorLanguages> {
    return findAllLanguages(this.deps.database.db);
  }

  /**
   * PUT /api/operator/settings/languages: titles, directions, switches, the default and the order
   * of the languages the release translates; the list names each of them once.
   */
  async saveOperatorLanguages(input: OperatorLanguagesInput, audited?: AuditSink): Promise<OperatorLanguages> {
    await transaction(this.deps.database.db, async (tx) => {
      const before = await lockLanguages(tx);
      const known = new Set(before.map((l) => l.name));
      const errors: FieldMessages = {};
      const named = new Set<string>();
      input.items.forEach((item, i) => {
        if (!known.has(item.name) || named.has(item.name))
          errors[`items.${i}.name`] = [msg('This language has no translations in this release.')];
        named.add(item.name);
      });
      if (Object.keys(errors).length === 0 && named.size !== known.size)
        errors.items = [msg('List every language of the release once.')];
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      await updateLanguages(tx, input.items);
      await audited?.(tx, {
        kind: 'settings',
        action: 'update',
        recordId: 'languages',
        before: before.map(({ id: _id, ...item }) => item),
        after: input.items,
      });
    });
    this.clearCache();
    this.languages.clearCache();
    return this.operatorLanguages();
  }

  /** GET /api/operator/settings/social-links: every social link in its order. */
  async operatorSocialLinks(): Promise<OperatorSocialLinks> {
    return (await findAllSocialLinks(this.deps.database.db)).map(({ logoId: _logo, logo, ...link }) => ({
      ...link,
      logo: mediaUrl(logo),
    }));
  }

  /** PUT /api/operator/settings/social-links: the list replaced; a name already there keeps its logo. */
  async saveOperatorSocialLinks(input: OperatorSocialLinksInput, audited?: AuditSink): Promise<OperatorSocialLinks> {
    await transaction(this.deps.database.db, async (tx) => {
      const before = await findAllSocialLinks(tx);
      const logos = new Map(before.map((l) => [l.name.toLowerCase(), l.logoId]));
      await replaceSocialLinks(tx, input.items, (name) => logos.get(name.toLowerCase()) ?? null);
      await audited?.(tx, {
        kind: 'settings',
        action: 'update',
        recordId: 'social_links',
        before: before.map(({ name, link, is_active }) => ({ name, link, is_active })),
        after: input.items,
      });
    });
    this.clearCache();
    return this.operatorSocialLinks();
  }

  /** GET /api/operator/settings/footers: every footer column with its items, in their order. */
  async operatorFooters(): Promise<OperatorFooters> {
    return findAllFooters(this.deps.database.db);
  }

  /**
   * PUT /api/operator/settings/footers: the columns and their items replaced, with one audit entry.
   * An e-mail or phone item links to its title (mailto:, tel:); the logo links home; a text keeps
   * its words in the languages given.
   */
  async saveOperatorFooters(input: OperatorFootersOutput, audited?: AuditSink): Promise<OperatorFooters> {
    const columns = input.items.map((column) => ({
      title: column.title,
      is_active: column.is_active,
      items: column.items.map((item) => ({
        type: item.type,
        title: item.title,
        translations: Object.fromEntries(Object.entries(item.translations).filter(([, words]) => words !== '')),
        url:
          item.type === 'link'
            ? item.url
            : item.type === 'email'
              ? `mailto:${item.title}`
              : item.type === 'phone'
                ? `tel:${item.title.replace(/[^\d+]/g, '')}`
                : item.type === 'logo'
                  ? '/'
                  : null,
        target: item.type === 'link' ? item.target : ('_self' as const),
      })),
    }));
    await transaction(this.deps.database.db, async (tx) => {
      const before = await findAllFooters(tx);
      await replaceFooters(tx, columns);
      await audited?.(tx, {
        kind: 'settings',
        action: 'update',
        recordId: 'footers',
        before: before.map(({ id: _id, items, ...column }) => ({
          ...column,
          items: items.map(({ id: _item, ...item }) => item),
        })),
        after: columns,
      });
    });
    this.clearCache();
    return this.operatorFooters();
  }

  /** GET /api/operator/settings/menus: every menu item in its order. */
  async operatorMenus(): Promise<OperatorMenus> {
    return findAllMenus(this.deps.database.db);
  }

  /** PUT /api/operator/settings/menus: the whole menu replaced, with one audit entry, in one transaction. */
  async saveOperatorMenus(input: OperatorMenusInput, audited?: AuditSink): Promise<OperatorMenus> {
    await transaction(this.deps.database.db, async (tx) => {
      const before = await findAllMenus(tx);
      await replaceMenus(tx, input.items);
      await audited?.(tx, {
        kind: 'settings',
        action: 'update',
        recordId: 'menus',
        before: before.map(({ id: _id, ...item }) => item),
        after: input.items,
      });
    });
    this.clearCache();
    return this.operatorMenus();
  }

  /** GET /api/operator/settings/payment-gateways: every gateway; its keys only as "set or not". */
  async operatorPaymentGateways(): Promise<OperatorPaymentGateway[]> {
    return (await findAllPaymentGateways(this.deps.database.db)).map(gatewayForOperator);
  }

  /**
   * PUT /api/operator/settings/payment-gateways/{name}: the gateway is locked, its keys merged
   * (absent or null keeps a key, '' removes it, a text replaces it) and written with its audit
   * entry in one transaction. The audit entry names which keys are set, never their values.
   */
  async saveOperatorPaymentGateway(
    name: string,
    input: OperatorPaymentGatewayInput,
    audited?: AuditSink,
  ): Promise<OperatorPaymentGateway[]> {
    await transaction(this.deps.database.db, async (tx) => {
      const row = await lockPaymentGateway(tx, name);
      if (!row) throw notFound(msg('The payment gateway was not found.'));
      const config = { ...((row.config ?? {}) as Record<string, unknown>) };
      for (const [key, value] of Object.entries(input.keys ?? {})) {
        if (value === undefined || value === null) continue;
        if (value === '') delete config[key];
        else config[key] = value;
      }
      const values = { title: input.title, mode: input.mode, isActive: input.is_active, config };
      await updatePaymentGateway(tx, name, values);
      await audited?.(tx, {
        kind: 'settings',
        action: 'update',
        recordId: `payment_gateway:${name}`,
        before: gatewayForOperator(row),
        after: gatewayForOperator({ name, ...values }),
      });
    });
    this.clearCache();
    return this.operatorPaymentGateways();
  }

  /** Whether many sellers share the site; read fresh because listings change shape with it. */
  async isMultiVendor(): Promise<boolean> {
    const { general } = await findSettings(this.deps.database.db, ['general']);
    return general?.multi_vendor ?? true;
  }

  // -------------------------------------------------------------------------------------------
  // Delivery tiers and VAT rows (the operator). Checkout reads them through checkoutRules(); a
  // write drops this process's cache at once and the others' through settings_version.

  async deliveryTiers(): Promise<DeliveryTier[]> {
    return (await findAllDeliveryTiers(this.deps.database.db)).map(toDeliveryTier);
  }

  async deliveryTier(id: number, db: Executor = this.deps.database.db, lock = false): Promise<DeliveryTier> {
    const row = await findDeliveryTier(db, id, lock);
    if (!row) throw notFound(TIER_NOT_FOUND);
    return toDeliveryTier(row);
  }

  async createDeliveryTier(
    input: z.output<typeof deliveryTierInputSchema>,
    audited?: AuditSink,
  ): Promise<DeliveryTier> {
    const tier = await transaction(this.deps.database.db, async (tx) => {
      const created = await this.deliveryTier(await insertDeliveryTier(tx, tierValues(input)), tx);
      await audited?.(tx, { kind: 'delivery_charge', action: 'create', recordId: created.id, after: created });
      return created;
    });
    this.clearCache();
    return tier;
  }

  async updateDeliveryTier(
    id: number,
    input: z.output<typeof deliveryTierInputSchema>,
    audited?: AuditSink,
  ): Promise<DeliveryTier> {
    const tier = await transaction(this.deps.database.db, async (tx) => {
      const before = await this.deliveryTier(id, tx, true);
      if (!(await updateDeliveryTier(tx, id, tierValues(input)))) throw notFound(TIER_NOT_FOUND);
      const after = await this.deliveryTier(id, tx);
      await audited?.(tx, { kind: 'delivery_charge', action: 'update', recordId: id, before, after });
      return after;
    });
    this.clearCache();
    return tier;
  }

  async deleteDeliveryTier(id: number, audited?: AuditSink): Promise<DeliveryTier> {
    const tier = await transaction(this.deps.database.db, async (tx) => {
      const before = await this.deliveryTier(id, tx, true);
      if (!(await deleteDeliveryTier(tx, id))) throw notFound(TIER_NOT_FOUND);
      await audited?.(tx, { kind: 'delivery_charge', action: 'delete', recordId: id, before });
      return before;
    });
    this.clearCache();
    return tier;
  }

  async vatRates(): Promise<VatRate[]> {
    return (await findAllVat(this.deps.database.db)).map(toVatRate);
  }

  async vatRate(id: number, db: Executor = this.deps.database.db, lock = false): Promise<VatRate> {
    const row = await findVat(db, id, lock);
    if (!row) throw notFound(VAT_NOT_FOUND);
    return toVatRate(row);
  }

  async createVat(input: z.output<typeof vatRateInputSchema>, audited?: AuditSink): Promise<VatRate> {
    const vat = await transaction(this.deps.database.db, async (tx) => {
      const created = await this.vatRate(await insertVat(tx, vatValues(input)), tx);
      await audited?.(tx, { kind: 'vat', action: 'create', recordId: created.id, after: created });
      return created;
    });
    this.clearCache();
    return vat;
  }

  async updateVat(id: number, input: z.output<typeof vatRateInputSchema>, audited?: AuditSink): Promise<VatRate> {
    const vat = await transaction(this.deps.database.db, async (tx) => {
      const before = await this.vatRate(id, tx, true);
      if (!(await updateVat(tx, id, vatValues(input)))) throw notFound(VAT_NOT_FOUND);
      const after = await this.vatRate(id, tx);
      await audited?.(tx, { kind: 'vat', action: 'update', recordId: id, before, after });
      return after;
    });
    this.clearCache();
    return vat;
  }

  /**
   * What checkout prices and places with: delivery tiers, VAT rows, payment switches and gateway
   * titles, the default currency. Every preview and placement needs them; like the master
   * settings they are reused for a few seconds (5 queries less per call).
   */
  async checkoutRules(): Promise<CheckoutRules> {
    await this.changes.observe();
    return this.rules.get();
  }

  private async loadCheckoutRules(): Promise<CheckoutRules> {
    const { db } = this.deps.database;
    const [stored, tiers, vat, gateways, currencyRows] = await Promise.all([
      findSettings(db, ['general', 'verify', 'commerce']),
      findDeliveryTiers(db),
      findActiveVatRates(db),
      findActivePaymentGateways(db),
      findActiveCurrencies(db),
    ]);
    const commerce = stored.commerce ?? defaults.commerce;
    return {
      tiers,
      vat: vat.map(({ id, name, percentage }) => ({ id, name, percentage })),
      vatTranslations: Object.fromEntries(vat.map((v) => [v.id, v.translations])),
      cashOnDelivery: commerce.cash_on_delivery,
      onlinePayment: commerce.online_payment,
      onlineGateways: gateways.map((g) => g.name).filter((name) => name !== 'cash'),
      gatewayTitles: Object.fromEntries(gateways.map((g) => [g.name, g.title])),
      gatewayTitleTranslations: Object.fromEntries(gateways.map((g) => [g.name, g.translations])),
      accountVerify: (stored.verify ?? defaults.verify).order_place_account_verify,
      multiVendor: stored.general?.multi_vendor ?? true,
      currency: currencyRows.find((c) => c.isDefault)?.code ?? DEFAULT_CURRENCY.name,
      returnOrderWithinDays: commerce.return_order_within_days,
    };
  }

  async countries(): Promise<Country[]> {
    const rows = await findCountries(this.deps.database.db);
    // Sorted here, not by the database, so PGlite and PostgreSQL (whose collations differ) agree.
    rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    return rows.map((c) => ({ id: c.id, name: c.name, code: c.code, phone_code: c.phoneCode }));
  }

  private async loadMaster(): Promise<LoadedMaster> {
    const { db } = this.deps.database;
    const { languages } = this;
    const [stored, currencyRows, languageList, appLocale, menus, footers, socialLinks, gateways] = await Promise.all([
      findSettings(db, ['general', 'verify', 'theme_colors', 'social_auths', 'commerce', 'realtime']),
      findActiveCurrencies(db),
      languages.active(),
      languages.defaultLocale(),
      findActiveMenus(db),
      findActiveFooters(db),
      findActiveSocialLinks(db),
      findActivePaymentGateways(db),
    ]);
    const general = stored.general;
    if (!general) throw new Error('The "general" settings are missing: seed the database (npm run seed).');
    const verify = stored.verify ?? defaults.verify;
    const commerce = stored.commerce ?? defaults.commerce;
    const hosted = this.deps.config.HOSTED_PUSHER;
    // Hosted Pusher: the web connects to Pusher's host for the configured app's cluster, named
    // outright (the web reads a null host as this site's own realtime server).
    const realtime = hosted
      ? {
          pusher_app_key: hosted.key,
          pusher_app_cluster: hosted.cluster,
          pusher_host: hosted.wsHost,
          pusher_port: 443,
          pusher_force_tls: true,
        }
      : (stored.realtime ?? defaults.realtime);
    const socialAuths = stored.social_auths ?? defaults.social_auths;

    const defaultCurrency = currencyRows.find((c) => c.isDefault);
    const defaultRate = defaultCurrency?.rate || 1;
    const publicAuth = (name: string, p: SocialAuthSettings['google']) => ({
      name,
      is_active: p.is_active,
      client_id: p.client_id,
      redirect_url: p.redirect_url,
    });

    const master: Master = {
      app_name: general.app_name,
      app_locale: appLocale,
      app_environment: this.deps.config.APP_ENV,
      baseUrl: this.deps.config.PUBLIC_URL,
      currency: {
        name: defaultCurrency?.name ?? DEFAULT_CURRENCY.name,
        symbol: defaultCurrency?.symbol ?? DEFAULT_CURRENCY.symbol,
        rate: defaultCurrency?.rate ?? 1,
        position: general.currency_position,
      },
      currencies: currencyRows.map((c) => ({
        id: c.id,
        name: c.name,
        code: c.code,
        symbol: c.symbol,
        rate: c.rate,
        // Rates are stored per unit of the default currency; dividing keeps this right even if
        // the default's own rate is not exactly 1.
        rate_from_default: round(c.rate / defaultRate, 10),
        is_default: c.isDefault,
      })),
      cash_on_delivery: commerce.cash_on_delivery,
      online_payment: commerce.online_payment,
      payment_gateways: gateways.map((g) => ({
        id: g.id,
        title: g.title,
        name: g.name,
        logo: mediaUrl(g.logo),
        is_active: true,
      })),
      multi_vendor: general.multi_vendor,
      mobile: general.mobile,
      email: general.email,
      address: general.address,
      show_download_app: general.show_download_app,
      google_playstore_link: general.google_playstore_link,
      app_store_link: general.app_store_link,
      web_show_footer: general.web_show_footer,
      web_footer_text: general.web_footer_text,
      web_footer_description: general.web_footer_description,
      web_logo: mediaUrl(general.web_logo),
      web_footer_logo: mediaUrl(general.web_footer_logo),
      app_logo: mediaUrl(general.app_logo),
      footer_qr: mediaUrl(general.footer_qr),
      social_links: socialLinks.map((s) => ({ id: s.id, name: s.name, link: s.link, logo: mediaUrl(s.logo) ?? '' })),
      theme_colors: stored.theme_colors ?? noThemeColors,
      pusher_app_key: realtime.pusher_app_key,
      pusher_app_cluster: realtime.pusher_app_cluster,
      pusher_host: realtime.pusher_host,
      pusher_port: realtime.pusher_port,
      pusher_force_tls: realtime.pusher_force_tls,
      media_url: this.deps.config.MEDIA_PUBLIC_URL ?? null,
      register_otp_verify: verify.register_otp_verify,
      register_otp_type: verify.register_otp_type,
      forgot_otp_type: verify.forgot_otp_type,
      order_place_account_verify: verify.order_place_account_verify,
      phone_required: verify.phone_required,
      phone_min_length: verify.phone_min_length,
      phone_max_length: verify.phone_max_length,
      return_order_within_days: commerce.return_order_within_days,
      time_zone: general.time_zone,
      languages: languageList,
      social_auths: {
        google: publicAuth('google', socialAuths.google),
        facebook: publicAuth('facebook', socialAuths.facebook),
        apple: publicAuth('apple', socialAuths.apple),
      },
      menus: menus.map((m) => ({
        id: m.id,
        name: m.name,
        title: m.name,
        url: m.url,
        target: m.target,
        is_external: m.isExternal,
      })),
      footers: footers.map((f) => ({
        id: f.id,
        position: f.position,
        title: f.title,
        items: f.items.map((i) => ({ id: i.id, type: i.type, title: i.title, url: i.url, target: i.target })),
      })),
    };
    const footerTexts = new Map(footers.flatMap((f) => f.items.map((i) => [i.id, i.translations] as const)));
    const gatewayTexts = new Map(gateways.map((g) => [g.id, g.translations] as const));
    return { master, texts: general.text_translations, footerTexts, gatewayTexts, byLocale: new Map() };
  }
}

/** The settings' pictures: under this folder of the uploads, at most this big, this many pixels a side. */
const SETTINGS_IMAGE_FOLDER = 'settings';
const SETTINGS_IMAGE_MAX_PX = 1024;

const TIER_NOT_FOUND = msg('Delivery charge not found.');
const VAT_NOT_FOUND = msg('VAT not found.');

function toDeliveryTier(row: DeliveryTierRow): DeliveryTier {
  return { id: row.id, name: row.name, min_qty: row.minQty, max_qty: row.maxQty, charge: toMoney(row.charge) };
}

function tierValues(input: z.output<typeof deliveryTierInputSchema>) {
  return { name: input.name, minQty: input.min_qty, maxQty: input.max_qty, charge: toMinor(input.charge) };
}

function toVatRate(row: VatRow): VatRate {
  return {
    id: row.id,
    name: row.name,
    translations: row.translations,
    percentage: Number(row.percentage),
    is_active: row.isActive,
  };
}

function vatValues(input: z.output<typeof vatRateInputSchema>) {
  return {
    name: input.name,
    translations: input.translations,
    percentage: input.percentage,
    isActive: input.is_active,
  };
}

/** The stored settings group each form section writes. */
const SECTION_KEYS = {
  general: 'general',
  theme: 'theme_colors',
  verify: 'verify',
  commerce: 'commerce',
  social: 'social_auths',
} as const satisfies Record<OperatorSettingsSection, SettingsKey>;

/** The group as it is after the section's form is saved: the form's fields over what is stored. */
function mergeSection(section: OperatorSettingsSection, before: unknown, input: unknown): unknown {
  switch (section) {
    case 'general':
      return { ...defaults.general, ...(before as GeneralSettings | null), ...(input as OperatorGeneralSettings) };
    case 'theme':
      return input;
    case 'verify':
      return input;
    case 'commerce': {
      const { commission_rate, ...rest } = input as OperatorCommerceSettings;
      return {
        ...defaults.commerce,
        ...(before as CommerceSettings | null),
        ...rest,
        commission_rate_bps: Math.round(commission_rate * 100),
      };
    }
    case 'social': {
      const stored = (before as SocialAuthSettings | null) ?? defaults.social_auths;
      const given = input as OperatorSocialAuthSettingsInput;
      return Object.fromEntries(
        SOCIAL_PROVIDERS.map((name: SocialProvider) => {
          const { client_secret, ...fields } = given[name];
          // Write-only: nothing sent keeps the stored secret, an empty text removes it.
          const secret =
            client_secret === undefined || client_secret === null
              ? stored[name].client_secret
              : client_secret === ''
                ? null
                : client_secret;
          return [name, { ...stored[name], ...fields, client_secret: secret }];
        }),
      );
    }
  }
}

/** A gateway as the operator's form sees it: the keys' names and whether each holds a value. */
function gatewayForOperator(row: {
  name: string;
  title: string;
  mode: 'test' | 'live';
  isActive: boolean;
  config: unknown;
}): OperatorPaymentGateway {
  const config = (row.config && typeof row.config === 'object' ? row.config : {}) as Record<string, unknown>;
  return {
    name: row.name,
    title: row.title,
    mode: row.mode,
    is_active: row.isActive,
    keys_set: Object.fromEntries(
      Object.entries(config).map(([key, value]) => [key, value !== null && value !== undefined && value !== '']),
    ),
  };
}
