import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { partners } from '../../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';

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
  input: { partnersId: number; accountId: string; usersId: number | null; actor: AuditActor },
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
    // The call itself is anonymous (the provider's redirect); the signed state names who started it.
    await recordAudit(tx, {
      actor:
        input.actor.usersId === null && input.usersId !== null
          ? { ...input.actor, kind: 'person', usersId: input.usersId }
          : input.actor,
      partnersId: input.partnersId,
      action: 'partner.payment_account_connected',
      entityType: 'partner',
      entityId: input.partnersId,
      before: { stripeUserId: before?.stripeUserId ?? null },
      after: { stripeUserId: input.accountId },
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
