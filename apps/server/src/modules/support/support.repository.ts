import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { orders } from '../../db/schema/orders';
import {
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
  ticketIssueTypes,
  type ticketStatuses,
} from '../../db/schema/support';
import { users } from '../../db/schema/users';
import { type Executor, executeRows, transaction } from '../../db/transaction';

export type TicketStatusValue = (typeof ticketStatuses)[number];
export type TicketRow = typeof supportTickets.$inferSelect & {
  issueTypeName: string;
  issueTypeTranslations: Record<string, string>;
};
export type AttachmentRow = typeof supportTicketAttachments.$inferSelect;
export type NewAttachment = Pick<AttachmentRow, 'storedName' | 'originalName' | 'mime' | 'size'>;

export async function findIssueTypes(db: Database) {
  return db
    .select()
    .from(ticketIssueTypes)
    .where(eq(ticketIssueTypes.isActive, true))
    .orderBy(asc(ticketIssueTypes.id));
}

export async function findActiveIssueType(db: Database, id: number) {
  const [row] = await db
    .select({ id: ticketIssueTypes.id })
    .from(ticketIssueTypes)
    .where(and(eq(ticketIssueTypes.id, id), eq(ticketIssueTypes.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** Whether `orderNumber` ("#" + prefix + code) names one of the user's orders. */
export async function ownsOrderNumber(db: Database, userId: number, orderNumber: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`'#' || ${orders.prefix} || ${orders.orderCode} = ${orderNumber}`))
    .limit(1);
  return row !== undefined;
}

/** Counts of one user's tickets, or (userId null, the operator) of everyone's. */
export async function countTicketsByStatus(db: Database, userId: number | null) {
  const rows = await db
    .select({ status: supportTickets.status, total: count() })
    .from(supportTickets)
    .where(userId === null ? undefined : eq(supportTickets.userId, userId))
    .groupBy(supportTickets.status);
  const counts: Record<TicketStatusValue, number> = { pending: 0, confirm: 0, completed: 0, cancel: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  ticketNumber: supportTickets.ticketNumber,
  orderNumber: supportTickets.orderNumber,
  issueTypeId: supportTickets.issueTypeId,
  subject: supportTickets.subject,
  message: supportTickets.message,
  status: supportTickets.status,
  email: supportTickets.email,
  phone: supportTickets.phone,
  userChat: supportTickets.userChat,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  issueTypeName: ticketIssueTypes.name,
  issueTypeTranslations: ticketIssueTypes.translations,
};

/** Newest first; userId null: everyone's (the operator). */
export async function findTicketRows(
  db: Database,
  userId: number | null,
  statuses: readonly TicketStatusValue[],
  limit: number,
  offset: number,
): Promise<TicketRow[]> {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, supportTickets.issueTypeId))
    .where(
      and(
        userId === null ? undefined : eq(supportTickets.userId, userId),
        inArray(supportTickets.status, [...statuses]),
      ),
    )
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit)
    .offset(offset);
}

/** A ticket by its number; with `userId`, only when it is that user's (another user's is not found). */
export async function findTicketByNumber(
  db: Executor,
  ticketNumber: string,
  userId: number | null,
): Promise<TicketRow | null> {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, supportTickets.issueTypeId))
    .where(
      and(
        eq(supportTickets.ticketNumber, ticketNumber),
        ...(userId === null ? [] : [eq(supportTickets.userId, userId)]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Names of some users (the operator sees who opened each ticket). */
export async function findUserNames(db: Database, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findTicketById(db: Executor, id: number): Promise<TicketRow | null> {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, supportTickets.issueTypeId))
    .where(eq(supportTickets.id, id))
    .limit(1);
  return row ?? null;
}

export interface NewTicket {
  userId: number;
  orderNumber: string | null;
  issueTypeId: number;
  subject: string | null;
  message: string;
  email: string;
  phone: string | null;
}

/**
 * Stores the ticket, its first message and its attachments together. The number is 6 random
 * digits followed by the id the ticket gets, so the id is taken from the sequence first.
 */
export async function insertTicket(
  db: Database,
  ticket: NewTicket,
  randomDigits: string,
  attachments: NewAttachment[],
  now: Date,
) {
  return transaction(db, async (tx) => {
    const [next] = await executeRows<{ id: string | number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('support_tickets', 'id')) as id`,
    );
    const id = Number(next?.id);
    if (!Number.isSafeInteger(id)) throw new Error('support_tickets: no id from the sequence');
    await tx.insert(supportTickets).values({
      ...ticket,
      id,
      ticketNumber: `${randomDigits}${id}`,
      status: 'pending',
      userChat: false,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId: id, senderId: ticket.userId, message: ticket.message, createdAt: now });
    if (attachments.length > 0) {
      await tx
        .insert(supportTicketAttachments)
        .values(attachments.map((a) => ({ ...a, ticketId: id, createdAt: now })));
    }
    return id;
  });
}

/** Oldest first, with each sender's name and photo. */
export async function findMessages(db: Executor, ticketId: number) {
  return db
    .select({
      id: supportTicketMessages.id,
      message: supportTicketMessages.message,
      createdAt: supportTicketMessages.createdAt,
      senderId: supportTicketMessages.senderId,
      senderName: users.name,
      senderPhoto: media.path,
      isHighlighted: supportTicketMessages.isHighlighted,
    })
    .from(supportTicketMessages)
    .innerJoin(users, eq(users.id, supportTicketMessages.senderId))
    .leftJoin(media, eq(media.id, users.photoId))
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
}
export type MessageRow = Awaited<ReturnType<typeof findMessages>>[number];

/**
 * Adds a message when the ticket still allows it (`open`: the shopper's rule, chat on and not
 * closed); false when it no longer does. The ticket row is locked so a status change cannot
 * slip in between the check and the insert.
 */
export async function insertMessage(
  db: Executor,
  ticketId: number,
  senderId: number,
  message: string,
  now: Date,
  allowed: (ticket: { status: TicketStatusValue; userChat: boolean }) => boolean,
) {
  return transaction(db, async (tx) => {
    const [ticket] = await tx
      .select({ status: supportTickets.status, userChat: supportTickets.userChat })
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId))
      .for('update');
    if (!ticket || !allowed(ticket)) return false;
    await tx.insert(supportTicketMessages).values({ ticketId, senderId, message, createdAt: now });
    await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, ticketId));
    return true;
  });
}

/** A ticket's number, status and chat switch, its row locked until the transaction `tx` ends; undefined when there is none. */
export async function lockTicket(tx: Executor, ticketId: number) {
  const [row] = await tx
    .select({
      ticketNumber: supportTickets.ticketNumber,
      status: supportTickets.status,
      userChat: supportTickets.userChat,
    })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId))
    .for('update');
  return row;
}

export async function updateTicket(
  db: Executor,
  ticketId: number,
  changes: Partial<Pick<typeof supportTickets.$inferInsert, 'status' | 'userChat'>>,
  now: Date,
) {
  const rows = await db
    .update(supportTickets)
    .set({ ...changes, updatedAt: now })
    .where(eq(supportTickets.id, ticketId))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}

export async function findAttachments(db: Executor, ticketId: number) {
  return db
    .select()
    .from(supportTicketAttachments)
    .where(eq(supportTicketAttachments.ticketId, ticketId))
    .orderBy(asc(supportTicketAttachments.id));
}

/** An attachment of the ticket with this number (the operator's view); null when it has none such. */
export async function findTicketAttachment(db: Database, ticketNumber: string, id: number) {
  const [row] = await db
    .select({ attachment: supportTicketAttachments })
    .from(supportTicketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
    .where(and(eq(supportTicketAttachments.id, id), eq(supportTickets.ticketNumber, ticketNumber)))
    .limit(1);
  return row?.attachment ?? null;
}

/** An attachment of one of the user's tickets; another user's is not found. */
export async function findOwnAttachment(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ attachment: supportTicketAttachments })
    .from(supportTicketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
    .where(and(eq(supportTicketAttachments.id, id), eq(supportTickets.userId, userId)))
    .limit(1);
  return row?.attachment ?? null;
}
