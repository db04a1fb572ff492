import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

export async function insertContactMessage(
  db: Database,
  values: { name: string | null; email: string | null; phone: string | null; subject: string; message: string },
) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('The contact message was not stored.');
  return row;
}
