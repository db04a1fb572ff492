import { randomBytes } from 'node:crypto';
import {
  LOW_STOCK_THRESHOLD,
  SALES_LOW_STOCK_PRODUCTS,
  SALES_TOP_PRODUCTS,
  type Sales,
  type SalesPeriod,
} from '@shop/contracts/earnings';
import {
  type SellerDashboard,
  type SellerShop,
  SHOP_ADDRESS_MAX_LENGTH,
  SHOP_LOGO_MAX_BYTES,
  SHOP_LOGO_SIZE_PX,
  SHOP_NAME_MAX_LENGTH,
  type ShopRegistrationInput,
} from '@shop/contracts/sellers';
import {
  SHOP_BANNER_MAX_BYTES,
  SHOP_BANNER_MAX_HEIGHT_PX,
  SHOP_BANNER_MAX_WIDTH_PX,
  type ShopProfile,
  type shopProfileUpdateSchema,
} from '@shop/contracts/shop-profile';
import type { z } from 'zod';
import { RESERVED_SHOP_SLUGS } from '../../db/schema/shops';
import { type Executor, type Tx, transaction, uniqueViolation } from '../../db/transaction';
import type { AppDeps, CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { calendarDay, daysEndingWith } from '../../lib/calendar';
import {
  FieldErrors,
  type FieldMessages,
  forbidden,
  notFound,
  requiredMessage,
  tooLongMessage,
} from '../../lib/errors';
import { deleteReplaced, uploadsKey } from '../../lib/media-store';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import type { UploadedFile } from '../../lib/multipart-form';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text';
import { slugOf as slugFromName } from '../../lib/slug';
import { resizedWebp, squareWebp } from '../../lib/uploaded-image';
import { type AuthService, accountTakenError } from '../auth/auth.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { EarningsService } from '../earnings/earnings.service';
import type { OrdersService } from '../orders/orders.service';
import type { ReturnsService } from '../returns/returns.service';
import type { SettingsService } from '../settings/settings.service';
import {
  findOwnShop,
  findShopProfile,
  findSlugsLike,
  insertPendingShop,
  type SellerShopRow,
  type ShopProfileRow,
  setShopImage,
  updateShopProfile,
} from './seller-centre.repository';

/** The shop slug made from its name: lower-case latin letters and digits joined by dashes. */
export const slugOf = (name: string) => slugFromName(name, 'shop');

const digitsOnly = /^\+?[\d\s\-().]+$/;

/** Uploaded shop logos live here, under the uploads folder. */
export const SHOP_LOGO_FOLDER = 'shop-logos';
/** And their banners here. */
export const SHOP_BANNER_FOLDER = 'shop-banners';

/**
 * The seller's side of the Seller Centre: registering a shop that waits for the
 * operator, the seller's own shop in whatever state, and the dashboard's figures. Orders and
 * returns stay with their modules' services, which the routes call with the seller's shop.
 */
export class SellerCentreService {
  constructor(
    private readonly deps: CoreDeps & Pick<AppDeps, 'media' | 'log'>,
    private readonly services: {
      auth: AuthService;
      orders: OrdersService;
      returns: ReturnsService;
      catalog: CatalogService;
      earnings: EarningsService;
      settings: SettingsService;
    },
  ) {}

  /**
   * POST /api/shop/register: the seller's account (registration's rules, e-mail required) and the
   * shop (with its logo when one was uploaded), pending and inactive, in one transaction. All
   * field errors, the logo's included, come back in one 422.
   */
  async register(
    body: ShopRegistrationInput,
    logoUpload: UploadedFile | null = null,
    /** Runs in the registration's transaction: the audit entry is kept only with the shop. */
    registered?: (tx: Tx, created: { userId: number; shopId: number; slug: string }) => Promise<void>,
  ): Promise<number> {
    const { values, errors } = await this.services.auth.checkAccount(body, { seller: true });
    const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
    const shopErrors: FieldMessages = {};

    if (body.password_confirmation !== undefined && body.password_confirmation !== null) {
      if (String(body.password_confirmation) !== String(body.password ?? '')) {
        shopErrors.password_confirmation = [msg('The password confirmation does not match.')];
      }
    }
    const shopName = str(body.shop_name);
    if (!shopName) shopErrors.shop_name = [requiredMessage('shop name')];
    else if (shopName.length > SHOP_NAME_MAX_LENGTH)
      shopErrors.shop_name = [tooLongMessage('shop name', SHOP_NAME_MAX_LENGTH)];
    const address = str(body.shop_address);
    if (!address) shopErrors.shop_address = [requiredMessage('shop address')];
    else if (address.length > SHOP_ADDRESS_MAX_LENGTH)
      shopErrors.shop_address = [tooLongMessage('shop address', SHOP_ADDRESS_MAX_LENGTH)];
    const rawShopPhone = str(body.shop_phone);
    const shopPhone = rawShopPhone.replace(/[^\d+]/g, '');
    if (!rawShopPhone) shopErrors.shop_phone = [requiredMessage('shop phone')];
    else if (!digitsOnly.test(rawShopPhone)) shopErrors.shop_phone = [msg('The shop phone must contain only digits.')];
    else if (shopPhone.replace(/\D/g, '').length < 6 || shopPhone.length > 20)
      shopErrors.shop_phone = [msg('The shop phone must be between {{min}} and {{max}} digits.', { min: 6, max: 20 })];

    let image: Awaited<ReturnType<typeof squareWebp>> | null = null;
    if (logoUpload) {
      try {
        image = await this.readLogo(logoUpload);
      } catch (error) {
        if (!(error instanceof FieldErrors)) throw error;
        Object.assign(shopErrors, error.errors);
      }
    }

    const all = { ...errors, ...shopErrors };
    if (!values || Object.keys(all).length > 0) throw new FieldErrors(all);

    // The file is written first and removed again if the shop is not made.
    let logo: { path: string; width: number; height: number } | null = null;
    if (image) {
      logo = {
        path: `${SHOP_LOGO_FOLDER}/${randomBytes(12).toString('hex')}.webp`,
        width: image.width,
        height: image.height,
      };
      await this.deps.media.put(uploadsKey(logo.path), image.data);
    }
    const { db } = this.deps.database;
    const base = slugOf(shopName);
    try {
      for (let attempt = 0; ; attempt++) {
        const slug = await this.freeSlug(base, attempt);
        try {
          return await transaction(db, async (tx) => {
            const userId = await this.services.auth.insertAccount(tx, values, 'seller');
            const shopId = await insertPendingShop(tx, {
              userId,
              name: shopName,
              slug,
              address,
              phone: shopPhone,
              now: values.now,
              logo,
            });
            await registered?.(tx, { userId, shopId, slug });
            return userId;
          });
        } catch (error) {
          // Another shop took the slug meanwhile: pick again (a few times), else the account's own errors.
          if (uniqueViolation(error) === 'shops_slug_key' && attempt < 3) continue;
          throw accountTakenError(error);
        }
      }
    } catch (error) {
      if (logo) await this.deps.media.delete(uploadsKey(logo.path));
      throw error;
    }
  }

  /** GET /api/seller/shop/profile. */
  async profile(shopId: number, db: Executor = this.deps.database.db, lock = false): Promise<ShopProfile> {
    const row = await findShopProfile(db, shopId, lock);
    if (!row) throw notFound(msg('Shop not found.'));
    return toShopProfile(row);
  }

  /**
   * POST /api/seller/shop/profile: the fields sent change. The description keeps only what the
   * rich-text sanitiser allows, so nothing a seller types runs in a shopper's browser; closing the
   * shop takes its products off sale at once (the cart and checkout read the switch live).
   */
  async updateProfile(
    shopId: number,
    input: z.output<typeof shopProfileUpdateSchema>,
    audited?: AuditSink,
  ): Promise<ShopProfile> {
    const description =
      input.description === undefined
        ? undefined
        : input.description === null || richTextToPlain(input.description) === ''
          ? null
          : sanitizeRichText(input.description);
    return transaction(this.deps.database.db, async (tx) => {
      const before = await this.profile(shopId, tx, true);
      await updateShopProfile(tx, shopId, {
        description,
        address: input.address,
        phone: input.phone,
        isClosed: input.is_closed,
      });
      const after = await this.profile(shopId, tx);
      await audited?.(tx, { kind: 'shop_profile', action: 'update', recordId: shopId, before, after });
      return after;
    });
  }

  /** POST /api/seller/shop/logo: a square WebP of the picture becomes the shop's logo. */
  async uploadLogo(shopId: number, upload: UploadedFile | null, audited?: AuditSink): Promise<ShopProfile> {
    if (!upload) throw new FieldErrors({ logo: [requiredMessage('logo')] });
    return this.storeImage(shopId, 'logo', SHOP_LOGO_FOLDER, await this.readLogo(upload, 'logo'), audited);
  }

  /** POST /api/seller/shop/banner: the picture, its proportions kept, becomes the shop's banner. */
  async uploadBanner(shopId: number, upload: UploadedFile | null, audited?: AuditSink): Promise<ShopProfile> {
    if (!upload) throw new FieldErrors({ banner: [requiredMessage('banner')] });
    const image = await resizedWebp(upload, {
      field: 'banner',
      maxBytes: SHOP_BANNER_MAX_BYTES,
      width: SHOP_BANNER_MAX_WIDTH_PX,
      height: SHOP_BANNER_MAX_HEIGHT_PX,
      fit: 'inside',
      messages: {
        tooLarge: msg('The shop banner may not be greater than {{max}} kilobytes.', {
          max: SHOP_BANNER_MAX_BYTES / 1024,
        }),
        wrongType: msg('The shop banner must be a file of type: jpg, jpeg, png, webp.'),
        unreadable: msg('The shop banner could not be read as an image.'),
      },
    });
    return this.storeImage(shopId, 'banner', SHOP_BANNER_FOLDER, image, audited);
  }

  /**
   * Writes the picture under the uploads folder, then points the shop at it with its audit entry in
   * one transaction (the file goes if that fails; the replaced one once it committed).
   */
  private async storeImage(
    shopId: number,
    kind: 'logo' | 'banner',
    folder: string,
    image: { data: Buffer; width: number; height: number },
    audited: AuditSink | undefined,
  ): Promise<ShopProfile> {
    await this.profile(shopId);
    const stored = `${folder}/${randomBytes(12).toString('hex')}.webp`;
    await this.deps.media.put(uploadsKey(stored), image.data);
    let replaced: string | null;
    try {
      replaced = await transaction(this.deps.database.db, async (tx) => {
        const before = await this.profile(shopId, tx, true);
        const replaced = await setShopImage(tx, shopId, kind, folder, {
          path: stored,
          width: image.width,
          height: image.height,
          alt: before.name,
        });
        const after = await this.profile(shopId, tx);
        await audited?.(tx, {
          kind: 'shop_profile',
          action: kind,
          recordId: shopId,
          before: { [kind]: before[kind] },
          after: { [kind]: after[kind] },
        });
        return replaced;
      });
    } catch (error) {
      await this.deps.media.delete(uploadsKey(stored));
      throw error;
    }
    // The picture it replaced, when it was an upload of this kind, is no one's any more.
    if (replaced) await deleteReplaced(this.deps, uploadsKey(replaced));
    return this.profile(shopId);
  }

  /** The logo as a square WebP, or the field error that refuses it. */
  private readLogo(upload: UploadedFile, field = 'shop_logo') {
    return squareWebp(upload, {
      field,
      maxBytes: SHOP_LOGO_MAX_BYTES,
      sizePx: SHOP_LOGO_SIZE_PX,
      messages: {
        tooLarge: msg('The shop logo may not be greater than {{max}} kilobytes.', { max: SHOP_LOGO_MAX_BYTES / 1024 }),
        wrongType: msg('The shop logo must be a file of type: jpg, jpeg, png, webp.'),
        unreadable: msg('The shop logo could not be read as an image.'),
      },
    });
  }

  /** A slug no shop uses: the name's, else with -2, -3, ... (or a random tail after a lost race). */
  private async freeSlug(base: string, attempt: number): Promise<string> {
    const taken = await findSlugsLike(this.deps.database.db, base);
    const reserved = (s: string) => (RESERVED_SHOP_SLUGS as readonly string[]).includes(s);
    if (attempt > 0) return `${base}-${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.has(base) && !reserved(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** The seller's shop in whatever state (a pending seller sees "waiting for approval"); 403 for others. */
  async ownShop(user: { id: number; role: string }): Promise<SellerShop> {
    const row = user.role === 'seller' ? await findOwnShop(this.deps.database.db, user.id) : undefined;
    if (!row) throw forbidden(msg('This page is for sellers with a shop.'));
    return toSellerShop(row);
  }

  /** GET /api/seller/dashboard: orders by status, takings and returns waiting. */
  async dashboard(user: { id: number; role: string }, shopId: number): Promise<SellerDashboard> {
    const [shop, figures, pending] = await Promise.all([
      this.ownShop(user),
      this.services.orders.shopFigures(shopId),
      this.services.returns.pendingForShop(shopId),
    ]);
    return { shop, ...figures, pending_returns: pending };
  }

  /**
   * GET /api/seller/dashboard/sales: orders and takings per day over the last `days` days of the
   * marketplace's calendar (today included, days without orders as zeros), the best sellers of
   * those days, the products running low, and the shop's money.
   */
  async sales(shopId: number, days: SalesPeriod): Promise<Sales> {
    const { orders, catalog, earnings, settings } = this.services;
    const timeZone = (await settings.getMaster()).time_zone;
    const series = daysEndingWith(calendarDay(this.deps.clock.now(), timeZone), days);
    const fromDay = series[0] ?? '';
    const [sales, lowStock, balance, pendingWithdrawals] = await Promise.all([
      orders.shopSales(shopId, { fromDay, timeZone, topProducts: SALES_TOP_PRODUCTS }),
      catalog.lowStockProducts(shopId, LOW_STOCK_THRESHOLD, SALES_LOW_STOCK_PRODUCTS),
      earnings.balance(shopId),
      earnings.pendingWithdrawalCount(shopId),
    ]);
    const byDay = new Map(sales.days.map((d) => [d.day, d]));
    const perDay = series.map((date) => ({
      date,
      orders: byDay.get(date)?.orders ?? 0,
      revenue: toMoney(byDay.get(date)?.revenue ?? 0),
    }));
    return {
      days,
      time_zone: timeZone,
      series: perDay,
      total_orders: sales.days.reduce((sum, d) => sum + d.orders, 0),
      total_revenue: toMoney(sales.days.reduce((sum, d) => sum + d.revenue, 0)),
      top_products: sales.topProducts.map((p) => ({
        id: p.id,
        name: p.name,
        thumbnail: mediaUrl(p.thumbnail),
        quantity: p.quantity,
        revenue: toMoney(p.revenue),
      })),
      low_stock_threshold: LOW_STOCK_THRESHOLD,
      low_stock_products: lowStock.map((p) => ({
        id: p.id,
        name: p.name,
        thumbnail: mediaUrl(p.thumbnail),
        quantity: p.stock,
        revenue: 0,
      })),
      balance,
      pending_withdrawals: pendingWithdrawals,
    };
  }
}

function toShopProfile(row: ShopProfileRow): ShopProfile {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: mediaUrl(row.logo),
    banner: mediaUrl(row.banner),
    description: row.description,
    address: row.address,
    phone: row.phone,
    is_closed: row.isClosed,
  };
}

export function toSellerShop(row: SellerShopRow): SellerShop {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: mediaUrl(row.logo),
    address: row.address,
    phone: row.phone,
    status: row.status,
    is_active: row.isActive,
    suspended: row.suspendedAt !== null,
  };
}
