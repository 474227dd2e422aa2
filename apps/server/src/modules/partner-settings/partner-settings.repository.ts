import { and, eq, inArray, ne } from 'drizzle-orm';
import { PartnerSetting } from '@kinship/domain';
import type { Queryable } from '../../db/types.ts';
import { partnerDomains, partnerFeatures, partnerSettings, partners } from '../../db/schema/index.ts';

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
      .select({ domain: partnerDomains.domain })
      .from(partnerDomains)
      .where(eq(partnerDomains.partnersId, partnersId))
      .orderBy(partnerDomains.id),
  ]);
  return {
    features: features.map((f) => f.featuresId).sort((a, b) => a - b),
    settings: new Map(settings.map((s) => [s.id, s.value])),
    domains: domains.map((d) => d.domain),
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

export async function replaceDomains(db: Queryable, partnersId: number, domains: string[]): Promise<void> {
  await db.delete(partnerDomains).where(eq(partnerDomains.partnersId, partnersId));
  if (domains.length > 0)
    await db.insert(partnerDomains).values(domains.map((domain) => ({ partnersId, domain })));
}
