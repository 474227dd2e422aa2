import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, partners } from '../../db/schema/index.ts';

export async function findPartnerForOnboarding(db: Db, partnersId: number) {
  const [row] = await db
    .select({ id: partners.id, stripeUserId: partners.stripeUserId })
    .from(partners)
    .where(eq(partners.id, partnersId));
  return row ?? null;
}

/** Connects the partner's account; whether it can take charges is unknown until the provider says. */
export async function connectPartnerAccount(
  db: Db,
  input: { partnersId: number; accountId: string; usersId: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ stripeUserId: partners.stripeUserId })
      .from(partners)
      .where(eq(partners.id, input.partnersId))
      .for('update');
    const changed = before?.stripeUserId !== input.accountId;
    await tx
      .update(partners)
      .set({ stripeUserId: input.accountId, ...(changed ? { stripeChargesEnabled: null } : {}) })
      .where(eq(partners.id, input.partnersId));
    await tx.insert(auditLog).values({
      partnersId: input.partnersId,
      usersId: input.usersId,
      action: 'partner.payment_account_connected',
      entityType: 'partner',
      entityId: String(input.partnersId),
      details: { accountId: input.accountId, previousAccountId: before?.stripeUserId ?? null },
    });
  });
}

/** Notes whether the partner(s) on this connected account can take charges; answers how many. */
export async function setChargesEnabledForAccount(
  db: Db,
  accountId: string,
  chargesEnabled: boolean,
): Promise<number> {
  const rows = await db
    .update(partners)
    .set({ stripeChargesEnabled: chargesEnabled })
    .where(eq(partners.stripeUserId, accountId))
    .returning({ id: partners.id });
  return rows.length;
}
