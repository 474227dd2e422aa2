import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import type { Queryable } from '../../../db/types.ts';
import {
  auditLog,
  countries,
  entities,
  partnerDomains,
  partners,
  partnerSponsoredTypes,
  partnerUserRoles,
  partnerUsers,
  sponsoredTypePlans,
  sponsoreds,
  userSponsoreds,
} from '../../../db/schema/index.ts';

/** Every partner with its payments account, active sponsorships, last audited write and domains waiting for verification (4 queries). */
export async function listPartnersWithStatus(db: Db) {
  const [rows, active, activity, waiting] = await Promise.all([
    db
      .select({
        id: partners.id,
        name: partners.name,
        subdomain: partners.subdomain,
        demoMode: partners.demoMode,
        privateDemo: partners.privateDemo,
        stripeUserId: partners.stripeUserId,
        createdAt: partners.createdAt,
      })
      .from(partners)
      .orderBy(asc(partners.id)),
    db
      .select({ partnersId: userSponsoreds.partnersId, n: count() })
      .from(userSponsoreds)
      .where(isNull(userSponsoreds.dateEnded))
      .groupBy(userSponsoreds.partnersId),
    db
      .select({ partnersId: auditLog.partnersId, last: max(auditLog.createdAt) })
      .from(auditLog)
      .groupBy(auditLog.partnersId),
    db
      .select({ partnersId: partnerDomains.partnersId, domain: partnerDomains.domain })
      .from(partnerDomains)
      .where(isNull(partnerDomains.verifiedAt))
      .orderBy(asc(partnerDomains.id)),
  ]);
  const activeBy = new Map(active.map((r) => [r.partnersId, Number(r.n)]));
  const lastBy = new Map(activity.map((r) => [r.partnersId, r.last]));
  return rows.map((r) => ({
    ...r,
    activeSponsorships: activeBy.get(r.id) ?? 0,
    lastActivity: lastBy.get(r.id) ?? null,
    domainsWaiting: waiting.filter((w) => w.partnersId === r.id).map((w) => w.domain),
  }));
}

export async function subdomainTaken(db: Queryable, subdomain: string): Promise<boolean> {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(sql`lower(${partners.subdomain}) = ${subdomain}`);
  if (partner) return true;
  // An own domain whose first label is the subdomain would make the host ambiguous.
  const [domain] = await db
    .select({ id: partnerDomains.id })
    .from(partnerDomains)
    .where(sql`lower(${partnerDomains.domain}) = ${subdomain}`);
  return Boolean(domain);
}

export async function countryExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return Boolean(row);
}

export async function insertPartner(tx: Tx, values: typeof partners.$inferInsert) {
  const [row] = await tx.insert(partners).values(values).returning();
  return row!;
}

export async function findPartnerModes(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: partners.id, demoMode: partners.demoMode, privateDemo: partners.privateDemo })
    .from(partners)
    .where(eq(partners.id, id));
  return row;
}

export async function updatePartnerModes(
  tx: Tx,
  id: number,
  set: { demoMode?: boolean; privateDemo?: boolean },
) {
  await tx.update(partners).set(set).where(eq(partners.id, id));
}

/** What the setup checklist reads, one query per step (each an EXISTS or a column). */
export async function setupFacts(db: Db, partnersId: number) {
  const exists = async (query: Promise<{ one: unknown }[]>) => (await query).length > 0;
  const [partner] = await db
    .select({ logo: partners.logo, headerImage: partners.headerImage, stripeUserId: partners.stripeUserId })
    .from(partners)
    .where(eq(partners.id, partnersId));
  const [typeWithPlan, program, record, team] = await Promise.all([
    exists(
      db
        .select({ one: sql`1` })
        .from(partnerSponsoredTypes)
        .innerJoin(
          sponsoredTypePlans,
          and(
            eq(sponsoredTypePlans.partnerSponsoredTypesId, partnerSponsoredTypes.id),
            eq(sponsoredTypePlans.current, true),
          ),
        )
        .where(eq(partnerSponsoredTypes.partnersId, partnersId))
        .limit(1),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(entities)
        .where(eq(entities.partnersId, partnersId))
        .limit(1),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(sponsoreds)
        .where(eq(sponsoreds.partnersId, partnersId))
        .limit(1),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(partnerUsers)
        .innerJoin(partnerUserRoles, eq(partnerUserRoles.partnerUsersId, partnerUsers.id))
        .where(eq(partnerUsers.partnersId, partnersId))
        .limit(1),
    ),
  ]);
  return {
    branding: Boolean(partner?.logo || partner?.headerImage),
    type: typeWithPlan,
    program,
    record,
    payments: Boolean(partner?.stripeUserId),
    team,
  };
}
