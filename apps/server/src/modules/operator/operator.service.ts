import type { OperatorShop } from '@shop/contracts/operator';
import { OPERATOR_PAGE_SIZE } from '@shop/contracts/operator';
import type { ShopStatus } from '@shop/contracts/sellers';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { type Message, msg, type Translator } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { toSellerShop } from '../seller-centre/seller-centre.service';
import {
  countShopsForOperator,
  findShopForOperator,
  findShopsForOperator,
  type OperatorShopRow,
  setShopApproval,
} from './operator.repository';

const SHOP_NOT_FOUND = msg('Shop not found.');

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
    private readonly deps: Pick<AppDeps, 'database' | 'notifier' | 'log'>,
    private readonly translator: Translator,
  ) {}

  async shops(query: { status?: ShopStatus | undefined; page: number; per_page?: number | undefined }) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? OPERATOR_PAGE_SIZE;
    const [total, rows] = await Promise.all([
      countShopsForOperator(db, query.status),
      findShopsForOperator(db, query.status, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, shops: rows.map(toOperatorShop) };
  }

  /** Approves or rejects a shop and tells its seller (once: deciding again changes nothing). */
  /** One shop as the operator sees it (404 when there is none). */
  async shop(shopId: number): Promise<OperatorShop> {
    const row = await findShopForOperator(this.deps.database.db, shopId);
    if (!row) throw notFound(SHOP_NOT_FOUND);
    return toOperatorShop(row);
  }

  async decide(shopId: number, decision: 'approved' | 'rejected', locale: string): Promise<OperatorShop> {
    const { db } = this.deps.database;
    if (!(await findShopForOperator(db, shopId))) throw notFound(SHOP_NOT_FOUND);
    const changed = await setShopApproval(db, shopId, decision);
    const row = await findShopForOperator(db, shopId);
    if (!row) throw notFound(SHOP_NOT_FOUND);
    if (changed) await this.tell(row, decision, locale);
    return toOperatorShop(row);
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
