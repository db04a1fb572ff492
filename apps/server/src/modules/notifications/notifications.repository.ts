import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type NotificationStatus, notificationOutbox } from '../../db/schema/accounts';

export async function insertOutboxRow(
  db: Database,
  values: {
    channel: 'email' | 'sms';
    to: string;
    subject: string | null;
    text: string;
    status: NotificationStatus;
    error: string | null;
    now: Date;
  },
) {
  await db.insert(notificationOutbox).values({
    channel: values.channel,
    to: values.to,
    subject: values.subject,
    text: values.text,
    status: values.status,
    error: values.error,
    createdAt: values.now,
  });
}

/** Newest first; `to` narrows to one recipient (an e-mail address or a phone number with dial code). */
export async function listOutbox(db: Database, to: string | undefined, limit: number) {
  return db
    .select()
    .from(notificationOutbox)
    .where(to ? eq(notificationOutbox.to, to) : undefined)
    .orderBy(desc(notificationOutbox.id))
    .limit(limit);
}
