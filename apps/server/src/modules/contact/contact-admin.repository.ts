import type { ContactMessageStatus } from '@shop/contracts/operator-content';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/contact';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

const STATUS: Record<ContactMessageStatus, SQL> = {
  unread: isNull(contactMessages.readAt),
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
};

/** A page of the contact form's messages, searched in every text, with how many are unread in all. */
export async function findContactMessages(
  db: Executor,
  query: {
    q?: string | undefined;
    status?: ContactMessageStatus | undefined;
    sort: 'created_at' | 'name' | 'subject';
    direction: 'asc' | 'desc';
  },
  limit: number,
  offset: number,
) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern
      ? or(
          ilike(contactMessages.subject, pattern),
          ilike(contactMessages.message, pattern),
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.phone, pattern),
        )
      : undefined,
    query.status ? STATUS[query.status] : undefined,
  );
  const dir = query.direction === 'asc' ? asc : desc;
  const order =
    query.sort === 'name'
      ? dir(sql`lower(coalesce(${contactMessages.name}, ''))`)
      : query.sort === 'subject'
        ? dir(sql`lower(${contactMessages.subject})`)
        : dir(contactMessages.createdAt);
  const [rows, [total], [unread]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(order, dir(contactMessages.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(STATUS.unread),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** One message, locked for the write that reads it. */
export async function lockContactMessage(db: Executor, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function setContactMessageState(
  db: Executor,
  id: number,
  values: { readAt: Date | null; handledAt: Date | null },
): Promise<ContactMessageRow> {
  const [row] = await db.update(contactMessages).set(values).where(eq(contactMessages.id, id)).returning();
  if (!row) throw new Error('contact message update returned no row');
  return row;
}
