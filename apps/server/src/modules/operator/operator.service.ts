import { ErrorCode } from '@shop/contracts/errors';
import type { OperatorShop } from '@shop/contracts/operator';
import { OPERATOR_PAGE_SIZE } from '@shop/contracts/operator';
import type {
  OperatorProduct,
  OperatorShopRow as OperatorShopListRow,
  operatorProductsQuerySchema,
  operatorShopListQuerySchema,
} from '@shop/contracts/operator-back-office';
import type { OperatorUser, operatorUsersQuerySchema } from '@shop/contracts/operator-promotions';
import type { ShopStatus } from '@shop/contracts/sellers';
import type { z } from 'zod';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { type Message, msg, type Translator } from '../../lib/messages';
import { roundTo, toMoney } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import { toSellerShop } from '../seller-centre/seller-centre.service';
import {
  approveProducts,
  countShopList,
  countShopsForOperator,
  countShopsNeedingAttention,
  countUserList,
  countWaitingProducts,
  findListedUser,
  findShopForOperator,
  findShopList,
  findShopsForOperator,
  findUserList,
  findWaitingProducts,
  type OperatorShopRow,
  type OperatorUserRow,
  reactivateShop,
  refuseProduct,
  setShopApproval,
  setShopCommission,
  setUserActive,
  suspendShop,
} from './operator.repository';

const SHOP_NOT_FOUND = msg('Shop not found.');
const PRODUCT_NOT_WAITING = msg('This product is not waiting for approval.');

const DECISION_TEXT: Record<'approved' | 'rejected', { subject: Message; text: Message }> = {
  approved: {
    subject: msg('Your shop {{shop}} is approved'),
    text: msg('Your shop {{shop}} was approved. Sign in at the Seller Center to start selling.'),
  },
  rejected: {
    subject: msg('Your shop {{shop}} was not approved'),
    text: msg('Your shop {{shop}} was not approved. Contact us if you think this is a mistake.'),
  },
};

/**
 * The operator's shop approvals: shops registered through /shop/register wait as
 * pending; approving makes them active (the seller can work), rejecting keeps them closed. The
 * seller is told either way through the notifier. Support tickets stay with SupportService.
 */
export class OperatorService {
  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'notifier' | 'log' | 'clock'>,
    private readonly translator: Translator,
  ) {}

  /** GET /api/operator/users: shoppers and sellers, searched, filtered, sorted and paged. */
  async users(query: z.output<typeof operatorUsersQuerySchema>) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? 20;
    const filter = { q: query.q, role: query.role, status: query.status };
    const [total, rows] = await Promise.all([
      countUserList(db, filter),
      findUserList(
        db,
        { ...filter, sort: query.sort ?? 'created_at', direction: query.direction ?? 'desc' },
        perPage,
        offsetOf(query.page, perPage),
      ),
    ]);
    return { total, users: rows.map(toOperatorUser) };
  }

  async user(id: number): Promise<OperatorUser> {
    const row = await findListedUser(this.deps.database.db, id);
    if (!row) throw notFound(msg('User not found.'));
    return toOperatorUser(row);
  }

  /**
   * Blocks or unblocks a shopper or seller. A blocked account's sessions end in the same call
   * (`endSessions`), and the live-session query refuses an inactive user besides.
   */
  async setBlocked(id: number, blocked: boolean, endSessions: (userId: number) => Promise<void>, audited?: AuditSink) {
    const before = await this.user(id);
    await transaction(this.deps.database.db, async (tx) => {
      await setUserActive(tx, id, !blocked, this.deps.clock.now());
      await audited?.(tx, {
        kind: 'user',
        action: blocked ? 'block' : 'unblock',
        recordId: id,
        before: { status: before.status },
        after: { status: blocked ? 'blocked' : 'active' },
      });
    });
    if (blocked) await endSessions(id);
    return this.user(id);
  }

  async shops(query: { status?: ShopStatus | undefined; page: number; per_page?: number | undefined }) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? OPERATOR_PAGE_SIZE;
    const [total, rows] = await Promise.all([
      countShopsForOperator(db, query.status),
      findShopsForOperator(db, query.status, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, shops: rows.map(toOperatorShop) };
  }

  /** One shop as the operator sees it (404 when there is none). */
  async shop(shopId: number): Promise<OperatorShop> {
    const row = await findShopForOperator(this.deps.database.db, shopId);
    if (!row) throw notFound(SHOP_NOT_FOUND);
    return toOperatorShop(row);
  }

  /** Approves or rejects a shop and tells its seller (once: deciding again changes nothing). */
  async decide(
    shopId: number,
    decision: 'approved' | 'rejected',
    locale: string,
    audited?: AuditSink,
  ): Promise<OperatorShop> {
    const { changed, row } = await transaction(this.deps.database.db, async (tx) => {
      const before = await findShopForOperator(tx, shopId, true);
      if (!before) throw notFound(SHOP_NOT_FOUND);
      const changed = await setShopApproval(tx, shopId, decision);
      const row = await findShopForOperator(tx, shopId);
      if (!row) throw notFound(SHOP_NOT_FOUND);
      const fields = (s: OperatorShop) => ({ status: s.status, is_active: s.is_active });
      await audited?.(tx, {
        kind: 'shop',
        action: decision === 'approved' ? 'approve' : 'reject',
        recordId: shopId,
        before: fields(toOperatorShop(before)),
        after: fields(toOperatorShop(row)),
      });
      return { changed, row };
    });
    if (changed) await this.tell(row, decision, locale);
    return toOperatorShop(row);
  }

  /** Every shop, searched, filtered by state, sorted and paged (the operator's shops table). */
  async shopList(query: z.output<typeof operatorShopListQuerySchema>) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? OPERATOR_PAGE_SIZE;
    const filter = { q: query.q, status: query.status };
    const sort = { by: query.sort ?? 'created_at', direction: query.direction ?? 'desc' } as const;
    const [total, rows] = await Promise.all([
      countShopList(db, filter),
      findShopList(db, filter, sort, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, shops: rows.map(toOperatorShopRow) };
  }

  async shopRow(shopId: number, db: Executor = this.deps.database.db, lock = false): Promise<OperatorShopListRow> {
    const row = await findShopForOperator(db, shopId, lock);
    if (!row) throw notFound(SHOP_NOT_FOUND);
    return toOperatorShopRow(row);
  }

  /**
   * One change of a shop's state by the operator, in one transaction with its audit entry: the
   * shop's row is locked and read (404 when there is none), changed, and read again.
   */
  private shopChange(
    shopId: number,
    action: string,
    change: (tx: Executor) => Promise<void>,
    audited: AuditSink | undefined,
  ): Promise<OperatorShopListRow> {
    return transaction(this.deps.database.db, async (tx) => {
      const before = await this.shopRow(shopId, tx, true);
      await change(tx);
      const after = await this.shopRow(shopId, tx);
      await audited?.(tx, {
        kind: 'shop',
        action,
        recordId: shopId,
        before: shopFields(before),
        after: shopFields(after),
      });
      return after;
    });
  }

  /**
   * Suspends a running shop: it and every product of it leave the storefront at once (listings
   * need an active shop) and nothing more can be ordered from it; its seller keeps the Seller
   * Centre to move the open orders on. 422 for a shop that is not approved or already suspended.
   */
  suspend(shopId: number, audited?: AuditSink): Promise<OperatorShopListRow> {
    return this.shopChange(
      shopId,
      'suspend',
      async (tx) => {
        if (!(await suspendShop(tx, shopId, this.deps.clock.now()))) {
          throw new AppError(
            422,
            ErrorCode.Conflict,
            msg('Only an approved shop that is not suspended can be suspended.'),
          );
        }
      },
      audited,
    );
  }

  /** Lifts the suspension: the shop and its listed products are back. 422 when it was not suspended. */
  reactivate(shopId: number, audited?: AuditSink): Promise<OperatorShopListRow> {
    return this.shopChange(
      shopId,
      'reactivate',
      async (tx) => {
        if (!(await reactivateShop(tx, shopId))) {
          throw new AppError(422, ErrorCode.Conflict, msg('This shop is not suspended.'));
        }
      },
      audited,
    );
  }

  /** The shop's own commission in percent (null: the default); deliveries from now on use it. */
  setCommission(shopId: number, percent: number | null, audited?: AuditSink): Promise<OperatorShopListRow> {
    const rateBps = percent === null ? null : Math.round(percent * 100);
    return this.shopChange(
      shopId,
      'commission',
      async (tx) => {
        if (!(await setShopCommission(tx, shopId, rateBps))) throw notFound(SHOP_NOT_FOUND);
      },
      audited,
    );
  }

  /** The products waiting for approval: published by their seller, not approved yet. */
  async waitingProducts(query: z.output<typeof operatorProductsQuerySchema>) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? OPERATOR_PAGE_SIZE;
    const sort = { by: query.sort ?? 'created_at', direction: query.direction ?? 'asc' } as const;
    const [total, rows] = await Promise.all([
      countWaitingProducts(db, query.q),
      findWaitingProducts(db, query.q, sort, perPage, offsetOf(query.page, perPage)),
    ]);
    return {
      total,
      products: rows.map(
        (r): OperatorProduct => ({
          id: r.id,
          name: r.name,
          thumbnail: mediaUrl(r.thumbnail),
          price: toMoney(r.price),
          stock: r.stock,
          shop: { id: r.shopId, name: r.shopName, slug: r.shopSlug },
          created_at: r.createdAt.toISOString(),
        }),
      ),
    };
  }

  /** Approves the waiting products among `ids` (others are left alone); how many were approved. */
  approveProducts(ids: readonly number[], audited?: AuditSink): Promise<number> {
    const unique = [...new Set(ids)];
    return transaction(this.deps.database.db, async (tx) => {
      const approved = await approveProducts(tx, unique, this.deps.clock.now());
      await audited?.(tx, {
        kind: 'product',
        action: 'approve_many',
        recordId: null,
        after: { ids: unique, approved },
      });
      return approved;
    });
  }

  /** Approves one waiting product; 404 when it does not wait. */
  async approveProduct(id: number, audited?: AuditSink): Promise<void> {
    await transaction(this.deps.database.db, async (tx) => {
      if ((await approveProducts(tx, [id], this.deps.clock.now())) === 0) throw notFound(PRODUCT_NOT_WAITING);
      await audited?.(tx, {
        kind: 'product',
        action: 'approve',
        recordId: id,
        before: { status: 'pending_approval' },
        after: { status: 'published' },
      });
    });
  }

  /** Sends a waiting product back to its seller as a draft with the reason; 404 when it does not wait. */
  async refuseProduct(id: number, reason: string, audited?: AuditSink): Promise<void> {
    await transaction(this.deps.database.db, async (tx) => {
      if (!(await refuseProduct(tx, id, reason, this.deps.clock.now()))) throw notFound(PRODUCT_NOT_WAITING);
      await audited?.(tx, {
        kind: 'product',
        action: 'refuse',
        recordId: id,
        before: { status: 'pending_approval', approval_note: null },
        after: { status: 'draft', approval_note: reason },
      });
    });
  }

  async attention() {
    const { db } = this.deps.database;
    const [shops, products] = await Promise.all([countShopsNeedingAttention(db), countWaitingProducts(db)]);
    return { pendingShops: shops.pending, suspendedShops: shops.suspended, pendingProducts: products };
  }

  private async tell(row: OperatorShopRow, decision: 'approved' | 'rejected', locale: string) {
    try {
      const texts = DECISION_TEXT[decision];
      const params = { shop: row.name };
      const subject = this.translator.text(locale, { ...texts.subject, params });
      const text = this.translator.text(locale, { ...texts.text, params });
      if (row.ownerEmail) await this.deps.notifier.send({ channel: 'email', to: row.ownerEmail, subject, text });
      else if (row.ownerPhone) {
        await this.deps.notifier.send({ channel: 'sms', to: `${row.ownerPhoneCode ?? ''}${row.ownerPhone}`, text });
      }
    } catch (error) {
      // The decision is made; a message that could not be written is logged, never lost silently.
      this.deps.log.error({ err: error, shopId: row.id }, 'shop approval notification failed');
    }
  }
}

/** A shop's fields the operator changes in the shop list, as the audit log keeps them. */
function shopFields(shop: OperatorShopListRow) {
  return { is_active: shop.is_active, suspended_at: shop.suspended_at, commission_rate: shop.commission_rate };
}

function toOperatorShopRow(row: OperatorShopRow): OperatorShopListRow {
  return {
    ...toOperatorShop(row),
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    commission_rate: row.commissionRateBps === null ? null : roundTo(row.commissionRateBps / 100, 2),
  };
}

function toOperatorShop(row: OperatorShopRow): OperatorShop {
  return {
    ...toSellerShop(row),
    created_at: row.createdAt.toISOString(),
    owner: {
      id: row.ownerId,
      name: row.ownerName,
      email: row.ownerEmail,
      phone: row.ownerPhone ? `${row.ownerPhoneCode ?? ''}${row.ownerPhone}` : null,
    },
  };
}

function toOperatorUser(row: OperatorUserRow): OperatorUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ? `${row.phoneCode ?? ''}${row.phone}` : null,
    role: row.role === 'seller' ? 'seller' : 'customer',
    status: row.isActive ? 'active' : 'blocked',
    shop: row.shopId !== null && row.shopName !== null ? { id: row.shopId, name: row.shopName } : null,
    created_at: row.createdAt.toISOString(),
  };
}
