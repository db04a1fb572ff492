import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';

/** The customer's name and contact, as the invoice shows them. */
export async function findCustomer(db: Executor, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email, phone: users.phone, phoneCode: users.phoneCode })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
