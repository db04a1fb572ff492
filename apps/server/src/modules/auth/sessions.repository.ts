import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../db/client';
import { sellerShopIdOf } from '../../db/queries/seller-shop';
import { sessions, twoStepSecrets } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';

export async function insertSession(
  db: Database,
  values: {
    userId: number;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    twoStepAt?: Date | null;
  },
) {
  await db.insert(sessions).values({
    twoStepAt: values.twoStepAt ?? null,
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
    ip: values.ip,
    userAgent: values.userAgent,
  });
}

/** Every signed-in request asks this: built once per database (preparedPerDatabase). */
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      role: users.role,
      // A seller's shop comes with the session: the Seller Centre's calls need no statement of their own.
      sellerShopId: sql<number | null>`case when ${users.role} = 'seller' then ${sellerShopIdOf(users.id)} end`,
      twoStepAt: sessions.twoStepAt,
      twoStepEnabledAt: twoStepSecrets.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoStepSecrets, eq(twoStepSecrets.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        sql`${sessions.lastUsedAt} > ${sql.placeholder('idleSince')}::timestamptz`,
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

export async function findLiveSession(db: Database, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await liveSessionQuery(db).execute({
    tokenHash,
    now: now.toISOString(),
    idleSince: idleSince.toISOString(),
  });
  return row ?? null;
}

export async function touchSession(db: Database, id: number, now: Date) {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
}

export async function revokeSessionByHash(db: Database, tokenHash: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Database, userId: number, now: Date, exceptTokenHash?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
      ),
    );
}

/** Records that the session just gave a two-step code. */
export async function setSessionTwoStepAt(db: Database, id: number, at: Date) {
  await db.update(sessions).set({ twoStepAt: at }).where(eq(sessions.id, id));
}

/** The user's sessions that still work (not ended, not expired, not idle too long), latest used first. */
export async function findLiveSessionsOfUser(db: Database, userId: number, now: Date, idleSince: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(100);
}

/** Whether the session exists, belongs to the user and has not been ended. */
export async function ownsLiveSession(db: Database, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  return row !== undefined;
}

export async function revokeSessionOfUser(db: Database, userId: number, id: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
