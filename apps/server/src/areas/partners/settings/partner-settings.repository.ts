import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { PartnerSetting } from '@kinship/domain';
import type { Queryable } from '../../../db/types.ts';
import { partnerDomains, partnerFeatures, partnerSettings, partners } from '../../../db/schema/index.ts';

/** The partner's features, settings and domains as stored. */
export async function findPartnerConfiguration(db: Queryable, partnersId: number) {
  const [features, settings, domains] = await Promise.all([
    db
      .select({ featuresId: partnerFeatures.featuresId })
      .from(partnerFeatures)
      .where(eq(partnerFeatures.partnersId, partnersId)),
    db
      .select({ id: partnerSettings.partnerSettingTypesId, value: partnerSettings.value })
      .from(partnerSettings)
      .where(eq(partnerSettings.partnersId, partnersId)),
    db
      .select({
        domain: partnerDomains.domain,
        verificationToken: partnerDomains.verificationToken,
        verifiedAt: partnerDomains.verifiedAt,
        lastCheckedAt: partnerDomains.lastCheckedAt,
      })
      .from(partnerDomains)
      .where(eq(partnerDomains.partnersId, partnersId))
      .orderBy(partnerDomains.id),
  ]);
  return {
    features: features.map((f) => f.featuresId).sort((a, b) => a - b),
    settings: new Map(settings.map((s) => [s.id, s.value])),
    domains: domains.map((d) => d.domain),
    domainRows: domains,
  };
}

/** Domains among `domains` that another partner already holds. */
export async function domainsHeldElsewhere(
  db: Queryable,
  partnersId: number,
  domains: string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: partnerDomains.domain })
    .from(partnerDomains)
    .where(and(inArray(partnerDomains.domain, domains), ne(partnerDomains.partnersId, partnersId)));
  return rows.map((r) => r.domain);
}

/** A subdomain used by another partner equal to a label the host would resolve to. */
export async function updatePartnerRow(
  db: Queryable,
  partnersId: number,
  set: Partial<typeof partners.$inferInsert>,
): Promise<void> {
  await db.update(partners).set(set).where(eq(partners.id, partnersId));
}

export async function replaceFeatures(db: Queryable, partnersId: number, features: number[]): Promise<void> {
  await db.delete(partnerFeatures).where(eq(partnerFeatures.partnersId, partnersId));
  if (features.length > 0)
    await db.insert(partnerFeatures).values(features.map((featuresId) => ({ partnersId, featuresId })));
}

/** Settings 1 to 4 only: the landing sections (5 to 8) and any others are left as they are. */
export async function replaceEditableSettings(
  db: Queryable,
  partnersId: number,
  values: Map<number, string | null>,
): Promise<void> {
  const ids = [
    PartnerSetting.AutoBirthdayOccasions,
    PartnerSetting.SponsorButtonLabel,
    PartnerSetting.ProgramLabel,
    PartnerSetting.LogoLinksToWebsite,
  ];
  await db
    .delete(partnerSettings)
    .where(
      and(eq(partnerSettings.partnersId, partnersId), inArray(partnerSettings.partnerSettingTypesId, ids)),
    );
  const rows = ids
    .filter((id) => values.get(id) != null)
    .map((id) => ({ partnersId, partnerSettingTypesId: id, value: values.get(id)! }));
  if (rows.length > 0) await db.insert(partnerSettings).values(rows);
}

/**
 * Makes the partner's domains exactly `domains`: a domain kept keeps its token and verification, a
 * removed one is deleted, a new one starts unverified with a fresh token.
 */
export async function replaceDomains(db: Queryable, partnersId: number, domains: string[]): Promise<void> {
  await db
    .delete(partnerDomains)
    .where(
      and(
        eq(partnerDomains.partnersId, partnersId),
        domains.length > 0 ? notInArray(partnerDomains.domain, domains) : undefined,
      ),
    );
  const kept = await db
    .select({ domain: partnerDomains.domain })
    .from(partnerDomains)
    .where(eq(partnerDomains.partnersId, partnersId));
  const added = domains.filter((d) => !kept.some((k) => k.domain === d));
  // Another partner claiming one at the same moment fails on the unique index (the caller's 400).
  if (added.length > 0)
    await db
      .insert(partnerDomains)
      .values(added.map((domain) => ({ partnersId, domain, verificationToken: newVerificationToken() })));
}

/** A domain's TXT record value is `kinship-verify={token}`: 128 random bits. */
export function newVerificationToken(): string {
  return randomBytes(16).toString('hex');
}

/** A partner's domain row with what verification needs. */
export async function findPartnerDomain(db: Queryable, partnersId: number, domain: string) {
  const [row] = await db
    .select()
    .from(partnerDomains)
    .where(and(eq(partnerDomains.partnersId, partnersId), eq(partnerDomains.domain, domain)));
  return row ?? null;
}

/** Domains waiting for verification, least recently checked first. */
export async function unverifiedDomains(db: Queryable, limit: number) {
  return db
    .select()
    .from(partnerDomains)
    .where(isNull(partnerDomains.verifiedAt))
    .orderBy(sql`${partnerDomains.lastCheckedAt} asc nulls first`, asc(partnerDomains.id))
    .limit(limit);
}

/** Records a look for the TXT record that did not find it. */
export async function markDomainChecked(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(partnerDomains).set({ lastCheckedAt: at }).where(eq(partnerDomains.id, id));
}

/** Marks the domain verified; answers false when it already was (or is gone), so it is recorded once. */
export async function markDomainVerified(db: Queryable, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(partnerDomains)
    .set({ lastCheckedAt: at, verifiedAt: at })
    .where(and(eq(partnerDomains.id, id), isNull(partnerDomains.verifiedAt)))
    .returning({ id: partnerDomains.id });
  return rows.length > 0;
}
