import type { ContactMessage, ContactMessagesQueryParsed } from '@shop/contracts/operator-content';
import { transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import {
  type ContactMessageRow,
  findContactMessages,
  lockContactMessage,
  setContactMessageState,
} from './contact-admin.repository';

export const CONTACT_MESSAGE_NOT_FOUND = msg('Message not found.');
const PAGE_SIZE = 20;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toContactMessage = (row: ContactMessageRow): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  read_at: iso(row.readAt),
  handled_at: iso(row.handledAt),
});
/** What the audit log keeps of a message's state (its text is the sender's, not the operator's). */
const stateOf = (row: ContactMessageRow) => ({ read_at: iso(row.readAt), handled_at: iso(row.handledAt) });

/** The operator's inbox of the contact and support forms: read, search, mark read and handled. */
export class ContactAdminService {
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock'>) {}

  async list(query: ContactMessagesQueryParsed) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort = query.sort ?? 'created_at';
    const { rows, total, unread } = await findContactMessages(
      this.deps.database.db,
      {
        q: query.q,
        status: query.status,
        sort,
        direction: query.direction ?? (sort === 'created_at' ? 'desc' : 'asc'),
      },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, unread, messages: rows.map(toContactMessage) };
  }

  /** Marks a message read (the time it was first read is kept) or unread again; unread is open too. */
  markRead(id: number, read: boolean, audit: AuditSink): Promise<ContactMessage> {
    return this.change(id, 'read', audit, (row, now) =>
      read ? { readAt: row.readAt ?? now, handledAt: row.handledAt } : { readAt: null, handledAt: null },
    );
  }

  /** Marks a message dealt with (and so read) or open again. */
  markHandled(id: number, handled: boolean, audit: AuditSink): Promise<ContactMessage> {
    return this.change(id, 'handled', audit, (row, now) =>
      handled
        ? { readAt: row.readAt ?? now, handledAt: row.handledAt ?? now }
        : { readAt: row.readAt, handledAt: null },
    );
  }

  private change(
    id: number,
    action: string,
    audit: AuditSink,
    next: (row: ContactMessageRow, now: Date) => { readAt: Date | null; handledAt: Date | null },
  ): Promise<ContactMessage> {
    return transaction(this.deps.database.db, async (tx) => {
      const before = await lockContactMessage(tx, id);
      if (!before) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
      const after = await setContactMessageState(tx, id, next(before, this.deps.clock.now()));
      await audit(tx, {
        kind: 'contact_message',
        action,
        recordId: id,
        before: stateOf(before),
        after: stateOf(after),
      });
      return toContactMessage(after);
    });
  }
}
