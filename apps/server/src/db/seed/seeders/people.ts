import type { Database } from '../../client';
import { users } from '../../schema/users';
import { REVIEWER_NAMES, SHOPS } from '../data/content';
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER } from '../demo-accounts';
import { REFERENCE_DATE } from '../products';
import { slugify } from '../random';
import { insertReturning } from './rows';

/**
 * The operator, one seller per demo shop, the demo customer and the reviewers; returns the sellers.
 * Without a hash (a production database) none of them can sign in until a password is set.
 */
export async function seedPeople(tx: Database, passwordHash: string | null) {
  const verified = {
    emailVerifiedAt: REFERENCE_DATE,
    phoneVerifiedAt: REFERENCE_DATE,
    createdAt: REFERENCE_DATE,
    updatedAt: REFERENCE_DATE,
  };
  await tx.insert(users).values({
    name: 'Admin Pasar Nusantara',
    email: DEMO_ADMIN_EMAIL,
    phone: '81100000001',
    phoneCode: '+62',
    country: 'Indonesia',
    passwordHash,
    role: 'admin',
    ...verified,
  });
  const sellerRows = await insertReturning(
    tx,
    users,
    SHOPS.map((s, i) => ({
      name: s.owner,
      email: `${s.slug}@example.com`,
      phone: `8121100${String(i + 1).padStart(4, '0')}`,
      phoneCode: '+62',
      country: 'Indonesia',
      passwordHash,
      role: 'seller',
      ...verified,
    })),
  );
  await tx.insert(users).values({
    name: 'Putri Maharani',
    email: DEMO_CUSTOMER.email,
    phone: DEMO_CUSTOMER.phone,
    phoneCode: DEMO_CUSTOMER.phoneCode,
    country: 'Indonesia',
    passwordHash,
    role: 'customer',
    gender: 'female',
    dateOfBirth: '1996-08-17',
    ...verified,
  });
  await tx.insert(users).values(
    REVIEWER_NAMES.map((name, i) => ({
      name,
      email: `${slugify(name).replace(/-/g, '.')}@mail.example.com`,
      phone: `8573300${String(i + 1).padStart(4, '0')}`,
      phoneCode: '+62',
      country: 'Indonesia',
      passwordHash,
      role: 'customer' as const,
      ...verified,
    })),
  );
  return sellerRows;
}
