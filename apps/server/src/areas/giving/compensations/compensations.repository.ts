import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { partners, paymentCompensations } from '../../../db/schema/index.ts';

export type CompensationRow = typeof paymentCompensations.$inferSelect;

export async function insertCompensation(
  tx: Tx,
  values: Pick<
    typeof paymentCompensations.$inferInsert,
    'partnersId' | 'ordersId' | 'action' | 'gatewayObjectId' | 'idempotencyKey' | 'lastError'
  >,
): Promise<CompensationRow> {
  const [row] = await tx.insert(paymentCompensations).values(values).returning();
  return row!;
}

export async function findCompensation(db: Db, id: number) {
  const [row] = await db
    .select({
      compensation: paymentCompensations,
      partner: {
        stripeUserId: partners.stripeUserId,
        currency: partners.currency,
        allowBanks: partners.allowBanks,
      },
    })
    .from(paymentCompensations)
    .innerJoin(partners, eq(partners.id, paymentCompensations.partnersId))
    .where(eq(paymentCompensations.id, id));
  return row ?? null;
}

export async function markCompensationDone(db: Db, id: number): Promise<void> {
  await db
    .update(paymentCompensations)
    .set({ status: 'done', resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(paymentCompensations.id, id), eq(paymentCompensations.status, 'pending')));
}

export async function markCompensationAttemptFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(paymentCompensations)
    .set({
      attempts: sql`${paymentCompensations.attempts} + 1`,
      lastError: error.slice(0, 2000),
      updatedAt: sql`now()`,
    })
    .where(eq(paymentCompensations.id, id));
}

/** Pending compensations not touched for a while (their job may be gone): the sweep sends them again. */
export async function findStalledCompensations(db: Db, idleSeconds: number, limit = 100) {
  return db
    .select({ id: paymentCompensations.id })
    .from(paymentCompensations)
    .where(
      and(
        eq(paymentCompensations.status, 'pending'),
        sql`${paymentCompensations.updatedAt} < now() - make_interval(secs => ${idleSeconds})`,
      ),
    )
    .orderBy(asc(paymentCompensations.id))
    .limit(limit);
}

/** A partner's compensations, newest first (for staff). */
export async function listCompensations(db: Db, partnersId: number) {
  return db
    .select()
    .from(paymentCompensations)
    .where(eq(paymentCompensations.partnersId, partnersId))
    .orderBy(sql`${paymentCompensations.id} DESC`);
}
