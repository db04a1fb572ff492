import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { ErrorCode } from '@shop/contracts/errors';
import {
  type createSupportTicketSchema,
  type SupportTicket,
  type SupportTicketReply,
  type SupportTicketSummary,
  type SupportTicketsReply,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKETS_PER_PAGE,
  type TicketAttachment,
  type TicketIssueType,
  type TicketMessage,
  type TicketStatus,
  type TicketTab,
} from '@shop/contracts/support';
import type { z } from 'zod';
import { transaction } from '../../db/transaction';
import type { AppDeps, CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, FieldErrors, notFound } from '../../lib/errors';
import type { CheckedForm } from '../../lib/forms';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { offsetOf } from '../../lib/paging';
import {
  type AttachmentRow,
  countTicketsByStatus,
  findActiveIssueType,
  findAttachments,
  findIssueTypes,
  findMessages,
  findOwnAttachment,
  findTicketAttachment,
  findTicketById,
  findTicketByNumber,
  findTicketRows,
  findUserNames,
  insertMessage,
  insertTicket,
  lockTicket,
  type MessageRow,
  type NewAttachment,
  ownsOrderNumber,
  type TicketRow,
  updateTicket,
} from './support.repository';

const TAB_STATUSES: Record<TicketTab, readonly TicketStatus[]> = {
  running: ['pending', 'confirm'],
  completed: ['completed'],
  cancel: ['cancel'],
};

/** The first bytes of each accepted type; the name and the declared type are not trusted. */
export function sniffAttachmentType(data: Buffer): TicketAttachment['mime'] | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

const EXTENSION: Record<TicketAttachment['mime'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** A name safe to show and to send in content-disposition: no path, no control characters. */
function cleanFileName(name: string, mime: TicketAttachment['mime']): string {
  const base = [...path.basename(name.replace(/\\/g, '/'))]
    .filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (base || `attachment.${EXTENSION[mime]}`).slice(0, 200);
}

const isOpen = (status: TicketStatus) => status === 'pending' || status === 'confirm';

/** The operator's address of a ticket's attachment (the shopper's route answers its owner only). */
export const operatorAttachmentPath = (ticketNumber: string, id: number) =>
  `/api/operator/support-tickets/${encodeURIComponent(ticketNumber)}/attachments/${id}`;

/**
 * Where a ticket's attachment is kept: outside the uploads folder, which is public (served under
 * /uploads), since attachments are their owner's and the operator's only.
 */
const attachmentKey = (storedName: string) => `private/tickets/${storedName}`;

/**
 * Support tickets: shoppers open them with attachments and follow the thread; the
 * operator replies, turns the shopper's chat on and changes the status.
 */
export class SupportService {
  constructor(private readonly deps: CoreDeps & Pick<AppDeps, 'media'>) {}

  /** The development route that opens the chat exists only with APP_ENV=local. */
  get devRoutesEnabled(): boolean {
    return this.deps.config.APP_ENV === 'local';
  }

  /** Whether the attachment exists and belongs to one of the user's tickets (the `owner` policy). */
  async ownsAttachment(userId: number, id: number): Promise<boolean> {
    return (await findOwnAttachment(this.deps.database.db, userId, id)) !== null;
  }

  async issueTypes(locale: string): Promise<TicketIssueType[]> {
    const rows = await findIssueTypes(this.deps.database.db);
    return rows.map((row) => ({ id: row.id, name: row.translations[locale] || row.name }));
  }

  async list(
    userId: number,
    query: { status?: TicketTab; page: number; per_page?: number },
    locale: string,
  ): Promise<SupportTicketsReply['data']> {
    const { db } = this.deps.database;
    const tab = query.status ?? 'running';
    const perPage = query.per_page ?? TICKETS_PER_PAGE;
    const [counts, rows] = await Promise.all([
      countTicketsByStatus(db, userId),
      findTicketRows(db, userId, TAB_STATUSES[tab], perPage, offsetOf(query.page, perPage)),
    ]);
    const running = counts.pending + counts.confirm;
    const tabCounts = { running, completed: counts.completed, cancel: counts.cancel };
    return { total: tabCounts[tab], ...tabCounts, support_tickets: rows.map((row) => this.summary(row, locale)) };
  }

  /** Checks everything first (one 422 with every field error), then stores the files and the rows. */
  async create(
    userId: number,
    form: CheckedForm<z.output<typeof createSupportTicketSchema>>,
    files: UploadedFile[],
    locale: string,
  ): Promise<SupportTicket> {
    const errors = { ...form.errors };
    const { db } = this.deps.database;
    if (form.valid) {
      if (!(await findActiveIssueType(db, form.value.issue_type))) {
        errors.issue_type = [msg('The selected issue type is invalid.')];
      }
      const orderNumber = form.value.order_number;
      if (orderNumber !== null && !(await ownsOrderNumber(db, userId, orderNumber))) {
        errors.order_number = [msg('The selected order number is invalid.')];
      }
    }
    const accepted: (NewAttachment & { data: Buffer })[] = [];
    if (files.length > TICKET_ATTACHMENT_MAX_FILES) {
      errors.attachments = [msg('You may attach at most {{max}} files.', { max: TICKET_ATTACHMENT_MAX_FILES })];
    } else {
      for (const file of files) {
        if (file.truncated || file.data.length > TICKET_ATTACHMENT_MAX_BYTES) {
          errors.attachments = [
            msg('Each attachment may not be greater than {{max}} kilobytes.', {
              max: TICKET_ATTACHMENT_MAX_BYTES / 1024,
            }),
          ];
          break;
        }
        const mime = sniffAttachmentType(file.data);
        if (!mime) {
          errors.attachments = [msg('Each attachment must be a file of type: jpg, jpeg, png, pdf.')];
          break;
        }
        accepted.push({
          storedName: `${randomBytes(16).toString('hex')}.${EXTENSION[mime]}`,
          originalName: cleanFileName(file.filename, mime),
          mime,
          size: file.data.length,
          data: file.data,
        });
      }
    }
    if (!form.valid || Object.keys(errors).length > 0) throw new FieldErrors(errors);
    const input = form.value;

    const written: string[] = [];
    try {
      for (const file of accepted) {
        const key = attachmentKey(file.storedName);
        await this.deps.media.put(key, file.data, { contentType: file.mime, private: true });
        written.push(key);
      }
      const id = await insertTicket(
        db,
        {
          userId,
          orderNumber: input.order_number,
          issueTypeId: input.issue_type,
          subject: input.subject,
          message: input.message,
          email: input.email,
          phone: input.phone,
        },
        String(randomInt(0, 1_000_000)).padStart(6, '0'),
        accepted.map(({ data: _data, ...row }) => row),
        this.deps.clock.now(),
      );
      const row = await findTicketById(db, id);
      if (!row) throw new Error('support ticket vanished after insert');
      return this.details(row, userId, locale);
    } catch (error) {
      await Promise.all(written.map((key) => this.deps.media.delete(key)));
      throw error;
    }
  }

  async show(userId: number, ticketNumber: string, locale: string): Promise<SupportTicketReply['data']> {
    const ticket = await this.details(await this.own(userId, ticketNumber), userId, locale);
    return { support_ticket: ticket, highlighted_messages: ticket.messages.filter((m) => m.is_highlighted) };
  }

  async messages(userId: number, ticketNumber: string): Promise<TicketMessage[]> {
    const ticket = await this.own(userId, ticketNumber);
    return (await findMessages(this.deps.database.db, ticket.id)).map((row) => toMessage(row, userId));
  }

  /** The shopper's reply: only while the operator has the chat on and the ticket is open (else 422). */
  async send(userId: number, ticketNumber: string, message: string): Promise<TicketMessage[]> {
    const ticket = await this.own(userId, ticketNumber);
    const stored = await insertMessage(
      this.deps.database.db,
      ticket.id,
      userId,
      message,
      this.deps.clock.now(),
      (t) => t.userChat && isOpen(t.status),
    );
    if (!stored) {
      const closed = !isOpen(ticket.status);
      throw new AppError(
        422,
        ErrorCode.Conflict,
        closed
          ? msg('This ticket is closed: no more messages can be sent.')
          : msg('You can reply once the support team has opened the chat for this ticket.'),
      );
    }
    return this.messages(userId, ticketNumber);
  }

  /** An attachment of one of the user's tickets, with the file's content. */
  async attachment(userId: number, id: number): Promise<{ row: AttachmentRow; data: Buffer }> {
    return this.withFile(await findOwnAttachment(this.deps.database.db, userId, id));
  }

  /** An attachment of any ticket, for the operator answering it. */
  async operatorAttachment(ticketNumber: string, id: number): Promise<{ row: AttachmentRow; data: Buffer }> {
    return this.withFile(await findTicketAttachment(this.deps.database.db, ticketNumber, id));
  }

  private async withFile(row: AttachmentRow | null): Promise<{ row: AttachmentRow; data: Buffer }> {
    if (!row) throw notFound(msg('Attachment not found.'));
    const data = await this.deps.media.read(attachmentKey(path.basename(row.storedName)));
    if (!data) throw notFound(msg('Attachment not found.'));
    return { row, data };
  }

  /** The ticket's id by its number, for the operator's tools (null when there is none). */
  async ticketIdByNumber(ticketNumber: string): Promise<number | null> {
    return (await findTicketByNumber(this.deps.database.db, ticketNumber, null))?.id ?? null;
  }

  /** A ticket's id and the switches the operator changes, by its number (null when there is none). */
  async ticketStateByNumber(
    ticketNumber: string,
  ): Promise<{ id: number; status: TicketStatus; user_chat: boolean } | null> {
    const row = await findTicketByNumber(this.deps.database.db, ticketNumber, null);
    return row ? { id: row.id, status: row.status, user_chat: row.userChat } : null;
  }

  // --- The operator's side: the operator screen's pages are built on these ---------------------

  /** Everyone's tickets by tab, with who opened each. */
  async operatorList(
    query: { status?: TicketTab | undefined; page: number; per_page?: number | undefined },
    locale: string,
  ) {
    const { db } = this.deps.database;
    const tab = query.status ?? 'running';
    const perPage = query.per_page ?? TICKETS_PER_PAGE;
    const [counts, rows] = await Promise.all([
      countTicketsByStatus(db, null),
      findTicketRows(db, null, TAB_STATUSES[tab], perPage, offsetOf(query.page, perPage)),
    ]);
    const names = await findUserNames(
      db,
      rows.map((r) => r.userId),
    );
    const tabCounts = { running: counts.pending + counts.confirm, completed: counts.completed, cancel: counts.cancel };
    return {
      total: tabCounts[tab],
      ...tabCounts,
      support_tickets: rows.map((row) => ({
        ...this.summary(row, locale),
        customer_name: names.get(row.userId) ?? '',
        user_chat: row.userChat,
      })),
    };
  }

  /** Any ticket by its number, seen by the operator (`is_mine`: the operator's own messages). */
  async operatorShow(ticketNumber: string, operatorUserId: number, locale: string) {
    const { db } = this.deps.database;
    const row = await findTicketByNumber(db, ticketNumber, null);
    if (!row) throw notFound(msg('Ticket not found.'));
    const names = await findUserNames(db, [row.userId]);
    const details = await this.details(row, operatorUserId, locale, (id) =>
      operatorAttachmentPath(row.ticketNumber, id),
    );
    return { ...details, customer_name: names.get(row.userId) ?? '' };
  }

  /** Lets the shopper write in the thread (or stops it); `audited` records it in the same transaction. */
  async setUserChat(ticketId: number, on: boolean, audited?: AuditSink): Promise<void> {
    await transaction(this.deps.database.db, async (tx) => {
      const before = await lockTicket(tx, ticketId);
      if (!before || !(await updateTicket(tx, ticketId, { userChat: on }, this.deps.clock.now()))) {
        throw notFound(msg('Ticket not found.'));
      }
      await audited?.(tx, {
        kind: 'support_ticket',
        action: 'user_chat',
        recordId: before.ticketNumber,
        before: { user_chat: before.userChat },
        after: { user_chat: on },
      });
    });
  }

  /** The ticket's status; `audited` records it in the same transaction. */
  async setStatus(ticketId: number, status: TicketStatus, audited?: AuditSink): Promise<void> {
    await transaction(this.deps.database.db, async (tx) => {
      const before = await lockTicket(tx, ticketId);
      if (!before || !(await updateTicket(tx, ticketId, { status }, this.deps.clock.now()))) {
        throw notFound(msg('Ticket not found.'));
      }
      await audited?.(tx, {
        kind: 'support_ticket',
        action: 'status',
        recordId: before.ticketNumber,
        before: { status: before.status },
        after: { status },
      });
    });
  }

  /** The operator answers in the thread, whatever the shopper's chat switch says. */
  async reply(ticketId: number, operatorUserId: number, message: string, audited?: AuditSink): Promise<void> {
    await transaction(this.deps.database.db, async (tx) => {
      const ticket = await lockTicket(tx, ticketId);
      const stored =
        ticket && (await insertMessage(tx, ticketId, operatorUserId, message, this.deps.clock.now(), () => true));
      if (!ticket || !stored) throw notFound(msg('Ticket not found.'));
      await audited?.(tx, {
        kind: 'support_ticket_message',
        action: 'create',
        recordId: ticket.ticketNumber,
        after: { message },
      });
    });
  }

  // ------------------------------------------------------------------------------------------------

  private async own(userId: number, ticketNumber: string): Promise<TicketRow> {
    const row = await findTicketByNumber(this.deps.database.db, ticketNumber, userId);
    if (!row) throw notFound(msg('Ticket not found.'));
    return row;
  }

  private summary(row: TicketRow, locale: string): SupportTicketSummary {
    return {
      id: row.id,
      ticket_no: row.ticketNumber,
      order_number: row.orderNumber,
      status: row.status,
      subject: row.subject,
      issue_type: row.issueTypeTranslations[locale] || row.issueTypeName,
      created_at: row.createdAt.toISOString(),
    };
  }

  private async details(
    row: TicketRow,
    userId: number,
    locale: string,
    /** Where the reader fetches an attachment: the shopper's own route unless told otherwise. */
    attachmentUrl: (id: number) => string = (id) => `/api/support-ticket/attachments/${id}`,
  ): Promise<SupportTicket> {
    const { db } = this.deps.database;
    const [attachments, messages] = await Promise.all([findAttachments(db, row.id), findMessages(db, row.id)]);
    return {
      ...this.summary(row, locale),
      message: row.message,
      user_chat: row.userChat,
      email: row.email,
      phone: row.phone,
      can_reply: row.userChat && isOpen(row.status),
      attachments: attachments.map((a) => ({
        id: a.id,
        name: a.originalName,
        mime: a.mime as TicketAttachment['mime'],
        size: a.size,
        url: attachmentUrl(a.id),
      })),
      messages: messages.map((m) => toMessage(m, userId)),
    };
  }
}

function toMessage(row: MessageRow, userId: number): TicketMessage {
  return {
    id: row.id,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    sender_id: row.senderId,
    sender_name: row.senderName,
    profile_photo: mediaUrl(row.senderPhoto),
    is_highlighted: row.isHighlighted,
    is_mine: row.senderId === userId,
  };
}
