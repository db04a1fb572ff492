import type { Database } from '../../db/client';
import { supports } from '../../db/schema/support';

export async function insertSupport(
  db: Database,
  values: { name: string | null; email: string | null; phone: string | null; subject: string; message: string },
) {
  const [row] = await db.insert(supports).values(values).returning();
  if (!row) throw new Error('The support message was not stored.');
  return row;
}
