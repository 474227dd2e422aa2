import {
  AGE_BANDS,
  FilterOptionKind,
  GENDER_OPTIONS,
  GRADES,
  MONTHS,
  applicationFeeModel,
  partnerLocales,
  translatedRow,
  translatedText,
  type FilterType,
  type Locale,
  type PartnerPublic,
  type PartnerSponsoredType,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { partnerCacheOf, type CachedPartner } from './partner-cache.ts';
import {
  listPartners,
  loadPartnerChildren,
  type PartnerChildren,
  type PartnerRow,
} from './partners.repository.ts';

type FilterRow = PartnerChildren['filters'][number];

/** Static options come from the kind when no rows are stored; the dynamic filter lists the partner's programs. */
function filterOptionsFor(
  filter: FilterRow,
  children: PartnerChildren,
  partnersId: number,
): FilterType['options'] {
  const stored = children.options.filter((o) => o.filterTypesId === filter.id);
  if (filter.type === 'dynamic') {
    return children.entities
      .filter((e) => e.partnersId === partnersId)
      .map((e) => ({ id: e.id, value: e.city ? `${e.name}, ${e.city}` : e.name }));
  }
  if (stored.length > 0) return stored.map((o) => ({ id: o.value, value: o.label }));
  switch (filter.filterOptionKind) {
    case FilterOptionKind.AgeBands:
      return AGE_BANDS.map((b) => ({ id: b.id, value: b.label }));
    case FilterOptionKind.Gender:
      return GENDER_OPTIONS.map((g) => ({ id: g.id, value: g.value }));
    case FilterOptionKind.Grades:
      return Object.entries(GRADES).map(([id, name]) => ({ id: Number(id), value: name }));
    case FilterOptionKind.Months:
      return MONTHS.map((m) => ({ id: m.id, value: m.name }));
    default:
      return [];
  }
}

type TypeFlags = Pick<PartnerSponsoredType, 'maskProfiles' | 'showBirthday' | 'showAge'>;

/** Whether a sponsored type shows its records' birthdays to visitors (a masked type never does). */
export function typeShowsBirthday(type: TypeFlags): boolean {
  return type.showBirthday && !type.maskProfiles;
}

/** Whether a sponsored type shows its records' ages. */
export function typeShowsAge(type: TypeFlags): boolean {
  return type.showAge;
}

/**
 * A filter on a field the type hides would reveal it (a birth month read through the listing), so
 * the type does not offer it and the listing ignores it (issue 8).
 */
export function typeOffersFilter(type: TypeFlags, filterField: string): boolean {
  if (filterField === 'birthMonth') return typeShowsBirthday(type);
  if (filterField === 'ageBand') return typeShowsAge(type);
  return true;
}

/**
 * The public partner model; with a locale other than the partner's default, its tagline,
 * description and type labels read in that locale (decision 072), falling back to the stored text.
 */
function toPartnerView(partner: PartnerRow, children: PartnerChildren, locale?: Locale): PartnerPublic {
  const text = (value: string | null, field: string) =>
    translatedText(value, partner.translations, locale, field);
  const own = <T extends { partnersId: number }>(rows: T[]) =>
    rows.filter((r) => r.partnersId === partner.id);
  const types = own(children.types).filter((t) => t.active);
  return {
    id: partner.id,
    name: partner.name,
    subdomain: partner.subdomain,
    countriesId: partner.countriesId,
    ein: partner.ein,
    tagline: text(partner.tagline, 'tagline'),
    description: text(partner.description, 'description'),
    supportEmail: partner.supportEmail,
    imageUrl: partner.imageUrl,
    logo: partner.logo,
    headerImage: partner.headerImage,
    website: partner.website,
    facebook: partner.facebook,
    instagram: partner.instagram,
    twitter: partner.twitter,
    brandColor: partner.brandColor,
    sponsorProcFee: partner.sponsorProcFee,
    generalProcFee: partner.generalProcFee,
    currency: partner.currency,
    ...partnerLocales(partner.defaultLocale, partner.locales),
    demoMode: partner.demoMode,
    privateDemo: partner.privateDemo,
    isSupportSite: partner.isSupportSite,
    paymentsConfigured: Boolean(partner.stripeUserId),
    stripeClientId: partner.stripeClientId,
    auth0ClientId: partner.auth0ClientId,
    landingPageTemplatesId: partner.landingPageTemplatesId,
    productsId: partner.productsId,
    applicationFeeModel: applicationFeeModel(partner.applicationFeeModel),
    partnerDomains: own(children.domains).map((d) => d.domain),
    partnerFeatures: own(children.features).map((f) => ({ featuresId: f.featuresId })),
    partnerSettings: own(children.settings).map((s) => ({
      partnerSettingTypesId: s.partnerSettingTypesId,
      value: s.value,
    })),
    partnerIntegrations: own(children.integrations).map((i) => ({
      integrationType: (/^\d+$/.test(i.integrationType)
        ? Number(i.integrationType)
        : i.integrationType) as never,
    })),
    entities: own(children.entities).map((e) => ({ id: e.id, name: e.name, city: e.city })),
    partnerSponsoredTypes: types
      .map((t) =>
        translatedRow(t, t.translations, locale, ['customLabelSingular', 'customLabelPlural', 'description']),
      )
      .map((t): PartnerSponsoredType => ({
        id: t.id,
        partnersId: t.partnersId,
        sponsoredTypesId: t.sponsoredTypesId as PartnerSponsoredType['sponsoredTypesId'],
        identifier: t.identifier,
        customLabelSingular: t.customLabelSingular,
        customLabelPlural: t.customLabelPlural,
        customSlotName: t.customSlotName,
        description: t.description,
        active: t.active,
        showSlots: t.showSlots,
        visibleSlots: t.visibleSlots,
        maxSlots: t.maxSlots,
        maskProfiles: t.maskProfiles,
        showBirthday: t.showBirthday,
        showAge: t.showAge,
        showLastName: t.showLastName,
        gridLayout: t.gridLayout as PartnerSponsoredType['gridLayout'],
        // A private custom column is for staff only.
        customColumns: t.customColumns.filter((name) => t.customColumnSettings[name]?.public !== false),
        currentSponsoredTypePlans: children.plans
          .filter((p) => p.partnerSponsoredTypesId === t.id)
          .map((p) => ({
            id: p.id,
            monthlyAmount: p.monthlyAmount,
            partnerSponsoredTypePlanIntervals: children.intervals
              .filter((i) => i.sponsoredTypePlansId === p.id && i.multiplier > 0)
              .map((i) => ({ paymentIntervals: { id: i.id, name: i.name, multiplier: i.multiplier } })),
          })),
        filterTypes: children.filters
          .filter(
            (f) =>
              f.sponsoredTypesId === t.sponsoredTypesId &&
              typeOffersFilter(t, f.filterField) &&
              !t.hiddenFilterTypes.includes(f.id),
          )
          .map((f) => ({
            id: f.id,
            label: f.label,
            type: f.type as FilterType['type'],
            filterField: f.filterField,
            filterOptionKind: f.filterOptionKind as FilterType['filterOptionKind'],
            options: filterOptionsFor(f, children, partner.id),
          })),
      })),
  };
}

/** GET partners/{id or subdomain}: the public partner model, with no payment secrets. */
export async function getPartnerView(db: Db, key: string, locale?: Locale): Promise<PartnerPublic> {
  return viewOfEntry(await cachedPartnerByKey(db, key), locale);
}

/** The cached partner of a route key, or the spec's 404. */
export async function cachedPartnerByKey(db: Db, key: string): Promise<CachedPartner> {
  const cached = await partnerCacheOf(db).byKey(key);
  if (!cached) throw notFound(`Partner ${key} was not found.`);
  return cached;
}

/** The cached configuration of a partner already resolved for this request. */
export async function cachedPartner(db: Db, partner: PartnerRow): Promise<CachedPartner> {
  const cached = await partnerCacheOf(db).byId(partner.id);
  if (!cached) throw notFound(`Partner ${partner.id} was not found.`);
  return cached;
}

/**
 * The public partner model of a cache entry, built once per entry (and once per locale other than
 * the default). Without a locale, or in the default locale, it holds the stored texts.
 */
export function viewOfEntry(entry: CachedPartner, locale?: Locale): PartnerPublic {
  const { defaultLocale } = partnerLocales(entry.row.defaultLocale, entry.row.locales);
  const translated =
    locale !== undefined &&
    locale !== defaultLocale &&
    (entry.row.translations[locale] !== undefined ||
      entry.children.types.some((t) => t.translations[locale] !== undefined));
  if (!translated) {
    entry.view ??= toPartnerView(entry.row, entry.children);
    return entry.view;
  }
  entry.localized ??= new Map();
  let view = entry.localized.get(locale);
  if (!view) {
    view = toPartnerView(entry.row, entry.children, locale);
    entry.localized.set(locale, view);
  }
  return view;
}

export async function partnerViewOf(db: Db, partner: PartnerRow, locale?: Locale): Promise<PartnerPublic> {
  return viewOfEntry(await cachedPartner(db, partner), locale);
}

/** GET partners: public partners (never private demos) matching the query filters. */
export async function listPartnerViews(
  db: Db,
  filters: Parameters<typeof listPartners>[1],
  localeOf: (row: PartnerRow) => Locale | undefined = () => undefined,
): Promise<PartnerPublic[]> {
  const rows = await listPartners(db, filters);
  const children = await loadPartnerChildren(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPartnerView(r, children, localeOf(r)));
}
