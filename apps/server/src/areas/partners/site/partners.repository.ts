import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, PartnerRow, Queryable } from '../../../db/types.ts';
import {
  entities,
  filterOptions,
  filterTypes,
  partnerDomains,
  partnerFeatures,
  partnerIntegrations,
  partnerSettings,
  partnerSponsoredTypes,
  partners,
  paymentIntervals,
  sponsoredTypePlanIntervals,
  sponsoredTypePlans,
} from '../../../db/schema/index.ts';

export type { PartnerRow };

export async function findPartnerById(db: Queryable, id: number): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row ?? null;
}

/**
 * A partner by a key from an address: a whole-number id (up to 9 digits, as the routes' ids are),
 * else a subdomain. A longer run of digits names no partner rather than overflowing the id column.
 */
export async function findPartnerByKey(db: Db, key: string): Promise<PartnerRow | null> {
  return /^\d{1,9}$/.test(key) ? findPartnerById(db, Number(key)) : findPartnerBySubdomain(db, key);
}

export async function findPartnerBySubdomain(db: Db, subdomain: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.subdomain, subdomain.toLowerCase()));
  return row ?? null;
}

/**
 * A partner by one of its own domains, once verified (decision 050): an unverified domain names no
 * partner. Hosts under a platform domain never come here (they resolve by subdomain only).
 */
export async function findPartnerByOwnDomain(db: Db, domain: string): Promise<PartnerRow | null> {
  const [row] = await db
    .select({ partner: partners })
    .from(partnerDomains)
    .innerJoin(partners, eq(partners.id, partnerDomains.partnersId))
    .where(and(eq(partnerDomains.domain, domain.toLowerCase()), isNotNull(partnerDomains.verifiedAt)));
  return row?.partner ?? null;
}

export async function listPartners(
  db: Db,
  filters: {
    subdomain?: string | undefined;
    isSupportSite?: boolean | undefined;
    demoMode?: boolean | undefined;
  },
): Promise<PartnerRow[]> {
  const where = and(
    eq(partners.privateDemo, false),
    filters.subdomain ? eq(partners.subdomain, filters.subdomain.toLowerCase()) : undefined,
    filters.isSupportSite === undefined ? undefined : eq(partners.isSupportSite, filters.isSupportSite),
    filters.demoMode === undefined ? undefined : eq(partners.demoMode, filters.demoMode),
  );
  return db.select().from(partners).where(where).orderBy(asc(partners.id));
}

/** The nested lists of the partner model, in a fixed number of queries whatever the partner's size. */
export async function loadPartnerChildren(db: Db, partnerIds: number[]) {
  if (partnerIds.length === 0) {
    return {
      domains: [],
      integrations: [],
      features: [],
      settings: [],
      entities: [],
      types: [],
      plans: [],
      intervals: [],
      filters: [],
      options: [],
    };
  }
  const [domainRows, integrationRows, featureRows, settingRows, entityRows, typeRows] = await Promise.all([
    // The public model lists the addresses the site answers at: verified domains only.
    db
      .select({ id: partnerDomains.id, partnersId: partnerDomains.partnersId, domain: partnerDomains.domain })
      .from(partnerDomains)
      .where(and(inArray(partnerDomains.partnersId, partnerIds), isNotNull(partnerDomains.verifiedAt)))
      .orderBy(asc(partnerDomains.id)),
    db.select().from(partnerIntegrations).where(inArray(partnerIntegrations.partnersId, partnerIds)),
    db
      .select()
      .from(partnerFeatures)
      .where(inArray(partnerFeatures.partnersId, partnerIds))
      .orderBy(asc(partnerFeatures.featuresId)),
    db
      .select()
      .from(partnerSettings)
      .where(inArray(partnerSettings.partnersId, partnerIds))
      .orderBy(asc(partnerSettings.partnerSettingTypesId)),
    db
      .select({ id: entities.id, partnersId: entities.partnersId, name: entities.name, city: entities.city })
      .from(entities)
      .where(inArray(entities.partnersId, partnerIds))
      .orderBy(asc(entities.name), asc(entities.id)),
    db
      .select()
      .from(partnerSponsoredTypes)
      .where(inArray(partnerSponsoredTypes.partnersId, partnerIds))
      .orderBy(asc(partnerSponsoredTypes.sortOrder), asc(partnerSponsoredTypes.id)),
  ]);
  const typeIds = typeRows.map((t) => t.id);
  const sponsoredTypeIds = [...new Set(typeRows.map((t) => t.sponsoredTypesId))];
  const [planRows, filterRows] = await Promise.all([
    typeIds.length
      ? db
          .select()
          .from(sponsoredTypePlans)
          .where(
            and(
              inArray(sponsoredTypePlans.partnerSponsoredTypesId, typeIds),
              eq(sponsoredTypePlans.current, true),
            ),
          )
          .orderBy(asc(sponsoredTypePlans.id))
      : Promise.resolve([]),
    sponsoredTypeIds.length
      ? db
          .select()
          .from(filterTypes)
          .where(inArray(filterTypes.sponsoredTypesId, sponsoredTypeIds))
          .orderBy(asc(filterTypes.sortOrder), asc(filterTypes.id))
      : Promise.resolve([]),
  ]);
  const planIds = planRows.map((p) => p.id);
  const filterIds = filterRows.map((f) => f.id);
  const [intervalRows, optionRows] = await Promise.all([
    planIds.length
      ? db
          .select({
            sponsoredTypePlansId: sponsoredTypePlanIntervals.sponsoredTypePlansId,
            id: paymentIntervals.id,
            name: paymentIntervals.name,
            multiplier: paymentIntervals.multiplier,
          })
          .from(sponsoredTypePlanIntervals)
          .innerJoin(paymentIntervals, eq(paymentIntervals.id, sponsoredTypePlanIntervals.paymentIntervalsId))
          .where(inArray(sponsoredTypePlanIntervals.sponsoredTypePlansId, planIds))
          .orderBy(asc(paymentIntervals.id))
      : Promise.resolve([]),
    filterIds.length
      ? db
          .select()
          .from(filterOptions)
          .where(inArray(filterOptions.filterTypesId, filterIds))
          .orderBy(asc(filterOptions.sortOrder), asc(filterOptions.id))
      : Promise.resolve([]),
  ]);
  return {
    domains: domainRows,
    integrations: integrationRows,
    features: featureRows,
    settings: settingRows,
    entities: entityRows,
    types: typeRows,
    plans: planRows,
    intervals: intervalRows,
    filters: filterRows,
    options: optionRows,
  };
}

export type PartnerChildren = Awaited<ReturnType<typeof loadPartnerChildren>>;
