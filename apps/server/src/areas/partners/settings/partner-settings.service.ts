import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE_NOT_OFFERED,
  domainVerificationRecord,
  LOCALES,
  partnerLocales,
  PartnerSetting,
  partnerSettingsInputSchema,
  storedTranslations,
  TRANSLATABLE_FIELDS,
  ERRORS,
  type DomainVerified,
  type ErrorCode,
  type PartnerSettingsAnswer,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import type { PartnerRow } from '../../../db/types.ts';
import type { Config } from '../../../config.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, fieldErrors, refuse } from '../../../platform/errors.ts';
import {
  isReservedHost,
  platformDomainOf,
  platformDomainsOf,
  primaryPlatformDomain,
} from '../../../platform/platform-domains.ts';
import { processImage, type ImageVariantName } from '../../../platform/images.ts';
import { parseInput } from '../../../platform/parse-input.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import { translationsToStore } from '../../../platform/translations.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { UploadedFile } from '../../../platform/uploads.ts';
import { invalidatePartnerCache } from '../site/partner-cache.ts';
import { checkDomain, markVerified } from './domain-verification.ts';
import {
  domainsHeldElsewhere,
  findPartnerConfiguration,
  findPartnerDomain,
  replaceDomains,
  replaceEditableSettings,
  replaceFeatures,
  updatePartnerRow,
} from './partner-settings.repository.ts';
import { findPartnerById } from '../site/partners.repository.ts';

export const DOMAIN_TAKEN = (domain: string) => `${domain} is already used by another partner.`;
export const DOMAIN_OF_PLATFORM = (domain: string) =>
  `${domain} is an address of the platform itself; give a domain of your own.`;
export const DOMAIN_REPEATED = 'This domain is listed twice.';
export const ONE_IMAGE_MESSAGE = 'Send one picture as a file of a multipart/form-data body.';

export const DOMAIN_RESERVED = (domain: string) =>
  `${domain} is a reserved name that cannot be a partner's site; give a domain of your own.`;
export const DOMAIN_NOT_FOUND = 'This domain is not one of the partner’s domains.';

/**
 * The platform's own host names, from configuration only (decision 050): never the request's host,
 * which a client can pick (a bare address, X-Forwarded-Host behind a proxy).
 */
export interface PlatformHosts {
  /** Every platform domain, longest first (platformDomainsOf(config)). */
  domains: readonly string[];
  /** The one partners' subdomain hosts are shown under (the CNAME target of an own domain). */
  primary: string;
  /** DNS_SERVERS: where TXT records are looked up (unset: the system's resolvers). */
  dnsServers?: readonly string[] | undefined;
}

export function platformHostsOf(config: Config): PlatformHosts {
  const domains = platformDomainsOf(config);
  return { domains, primary: primaryPlatformDomain(domains, config), dnsServers: config.DNS_SERVERS };
}

function dnsTargetOf(partner: PartnerRow, hosts: PlatformHosts): string {
  return `${partner.subdomain}.${hosts.primary}`;
}

/** Why a partner may not claim `domain`, or null: the platform's hosts and reserved names. */
function refusalOf(domain: string, hosts: PlatformHosts): string | null {
  if (platformDomainOf(domain, hosts.domains)) return DOMAIN_OF_PLATFORM(domain);
  if (isReservedHost(domain)) return DOMAIN_RESERVED(domain);
  return null;
}

const isTrue = (value: string | null | undefined) => value?.trim().toLowerCase() === 'true';

async function answerOf(db: Db, partner: PartnerRow, hosts: PlatformHosts): Promise<PartnerSettingsAnswer> {
  const config = await findPartnerConfiguration(db, partner.id);
  return {
    partnersId: partner.id,
    name: partner.name,
    subdomain: partner.subdomain,
    logo: partner.logo,
    headerImage: partner.headerImage,
    tagline: partner.tagline,
    description: partner.description,
    translations: storedTranslations(partner.translations),
    brandColor: partner.brandColor,
    website: partner.website,
    facebook: partner.facebook,
    instagram: partner.instagram,
    twitter: partner.twitter,
    supportEmail: partner.supportEmail,
    landingPageTemplatesId: partner.landingPageTemplatesId,
    features: config.features,
    settings: {
      autoBirthdayOccasions: isTrue(config.settings.get(PartnerSetting.AutoBirthdayOccasions)),
      sponsorButtonLabel: config.settings.get(PartnerSetting.SponsorButtonLabel) ?? null,
      programLabel: config.settings.get(PartnerSetting.ProgramLabel) ?? null,
      logoLinksToWebsite: isTrue(config.settings.get(PartnerSetting.LogoLinksToWebsite)),
    },
    domains: config.domains,
    domainVerification: config.domainRows.map((row) => ({
      domain: row.domain,
      verified: row.verifiedAt !== null,
      ...domainVerificationRecord(row.domain, row.verificationToken),
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    })),
    dnsTarget: dnsTargetOf(partner, hosts),
    sponsorProcFee: partner.sponsorProcFee,
    generalProcFee: partner.generalProcFee,
    applicationFeeModel: partner.applicationFeeModel === 'fee' ? 'fee' : 'tip',
    currency: partner.currency,
    demoMode: partner.demoMode,
    privateDemo: partner.privateDemo,
    ...partnerLocales(partner.defaultLocale, partner.locales),
    payments: { connected: Boolean(partner.stripeUserId), chargesEnabled: partner.stripeChargesEnabled },
  };
}

/** GET dashboard/settings: the partner's settings, for its Administrator. */
export async function getPartnerSettings(
  db: Db,
  ctx: SiteContext,
  hosts: PlatformHosts,
): Promise<PartnerSettingsAnswer> {
  requireAccess(ctx, 'settings.manage');
  const partner = (await findPartnerById(db, ctx.partner.id)) ?? ctx.partner;
  return answerOf(db, partner, hosts);
}

/**
 * PUT dashboard/settings: the whole settings form. Field errors come back as the problem shape;
 * a domain held by another partner, one of the platform's own hosts (any partner's subdomain host
 * among them) or a reserved name is refused by field, whatever host the call came through. A new
 * domain waits for verification; a kept one keeps its state.
 */
export async function updatePartnerSettings(
  db: Db,
  ctx: SiteContext,
  hosts: PlatformHosts,
  body: unknown,
): Promise<PartnerSettingsAnswer> {
  requireAccess(ctx, 'settings.manage');
  const input = parseInput(partnerSettingsInputSchema, body);
  const domainErrors: Record<string, string> = {};
  // One kind of refusal names its code (every domain taken, or every one reserved); a mix is validation_failed.
  const kinds = new Set<ErrorCode>();
  input.domains.forEach((domain, i) => {
    const refusal = input.domains.indexOf(domain) !== i ? DOMAIN_REPEATED : refusalOf(domain, hosts);
    if (refusal) domainErrors[`domains.${i}`] = refusal;
    if (refusal) kinds.add(refusal === DOMAIN_REPEATED ? ERRORS.VALIDATION_FAILED : ERRORS.DOMAIN_RESERVED);
  });
  const taken = new Set(await domainsHeldElsewhere(db, ctx.partner.id, [...new Set(input.domains)]));
  input.domains.forEach((domain, i) => {
    if (taken.has(domain) && !domainErrors[`domains.${i}`]) {
      domainErrors[`domains.${i}`] = DOMAIN_TAKEN(domain);
      kinds.add(ERRORS.DOMAIN_TAKEN);
    }
  });
  if (Object.keys(domainErrors).length > 0)
    throw fieldErrors(domainErrors, undefined, kinds.size === 1 ? [...kinds][0] : ERRORS.VALIDATION_FAILED);
  // Languages (decision 070): what the caller leaves out stays as stored; the default is always offered.
  const current = (await findPartnerById(db, ctx.partner.id)) ?? ctx.partner;
  const stored = partnerLocales(current.defaultLocale, current.locales);
  const defaultLocale = input.defaultLocale ?? stored.defaultLocale;
  const locales = LOCALES.filter((locale) => (input.locales ?? stored.locales).includes(locale));
  if (!locales.includes(defaultLocale)) throw fieldErrors({ defaultLocale: DEFAULT_LOCALE_NOT_OFFERED });
  // The tagline and description in the other languages offered after this write (decision 072).
  const translations = translationsToStore(
    { defaultLocale, locales },
    input.translations,
    TRANSLATABLE_FIELDS.partner,
    (field, text) => (field === 'description' ? sanitizeRichText(text) : text),
    '',
    current.translations,
  );

  const features = [...new Set(input.features)].sort((a, b) => a - b);
  const row = {
    tagline: input.tagline,
    description: sanitizeRichText(input.description),
    brandColor: input.brandColor,
    website: input.website,
    facebook: input.facebook,
    instagram: input.instagram,
    twitter: input.twitter,
    supportEmail: input.supportEmail,
    landingPageTemplatesId: input.landingPageTemplatesId,
    sponsorProcFee: input.sponsorProcFee,
    generalProcFee: input.generalProcFee,
    applicationFeeModel: input.applicationFeeModel,
    currency: input.currency,
    demoMode: input.demoMode,
    privateDemo: input.privateDemo,
    defaultLocale,
    locales,
    ...(translations === undefined ? {} : { translations }),
  };
  const settings = new Map<number, string | null>([
    [PartnerSetting.AutoBirthdayOccasions, input.settings.autoBirthdayOccasions ? 'true' : null],
    [PartnerSetting.SponsorButtonLabel, input.settings.sponsorButtonLabel],
    [PartnerSetting.ProgramLabel, input.settings.programLabel],
    [PartnerSetting.LogoLinksToWebsite, input.settings.logoLinksToWebsite ? 'true' : null],
  ]);
  try {
    await db.transaction(async (tx) => {
      const before = await findPartnerById(tx, ctx.partner.id);
      const beforeConfig = await findPartnerConfiguration(tx, ctx.partner.id);
      await updatePartnerRow(tx, ctx.partner.id, row);
      await replaceFeatures(tx, ctx.partner.id, features);
      await replaceEditableSettings(tx, ctx.partner.id, settings);
      await replaceDomains(tx, ctx.partner.id, input.domains);
      const beforeSettings = {
        autoBirthdayOccasions: isTrue(beforeConfig.settings.get(PartnerSetting.AutoBirthdayOccasions)),
        sponsorButtonLabel: beforeConfig.settings.get(PartnerSetting.SponsorButtonLabel) ?? null,
        programLabel: beforeConfig.settings.get(PartnerSetting.ProgramLabel) ?? null,
        logoLinksToWebsite: isTrue(beforeConfig.settings.get(PartnerSetting.LogoLinksToWebsite)),
      };
      await recordAudit(tx, {
        actor: actorOf(ctx),
        partnersId: ctx.partner.id,
        action: 'partner.settings_updated',
        entityType: 'partner',
        entityId: ctx.partner.id,
        before: {
          ...Object.fromEntries(Object.keys(row).map((k) => [k, before?.[k as keyof PartnerRow] ?? null])),
          features: beforeConfig.features,
          settings: beforeSettings,
          domains: beforeConfig.domains,
        },
        after: { ...row, features, settings: input.settings, domains: input.domains },
      });
    });
  } catch (error) {
    // Two administrators claiming one domain at once: the unique index decides.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw fieldErrors(
        { domains: 'One of these domains was just taken by another partner.' },
        undefined,
        ERRORS.DOMAIN_TAKEN,
      );
    throw error;
  }
  await invalidatePartnerCache(db, ctx.partner.id);
  return answerOf(db, (await findPartnerById(db, ctx.partner.id))!, hosts);
}

/**
 * POST dashboard/settings/domains/{domain}/check ("Check now"): looks for the domain's TXT record
 * at once instead of waiting for the next round of the verification job.
 */
export async function checkDomainNow(
  db: Db,
  ctx: SiteContext,
  hosts: PlatformHosts,
  domain: string,
): Promise<PartnerSettingsAnswer> {
  requireAccess(ctx, 'settings.manage');
  const row = await findPartnerDomain(db, ctx.partner.id, domain.toLowerCase());
  if (!row) throw refuse(ERRORS.DOMAIN_NOT_FOUND, DOMAIN_NOT_FOUND);
  await checkDomain(db, row, hosts.dnsServers, new Date(), actorOf(ctx));
  return answerOf(db, (await findPartnerById(db, ctx.partner.id))!, hosts);
}

/**
 * POST dashboard/platform/partners/{id}/domains/{domain}/verify: the platform administrator vouches
 * for a partner's domain without the TXT record (platform.console; audited). A platform host or a
 * reserved name is still refused: it can never be a partner's own domain.
 */
export async function verifyDomainByHand(
  db: Db,
  ctx: SiteContext,
  hosts: PlatformHosts,
  partnersId: number,
  domain: string,
): Promise<DomainVerified> {
  requireAccess(ctx, 'platform.console');
  const row = await findPartnerDomain(db, partnersId, domain.toLowerCase());
  if (!row) throw refuse(ERRORS.DOMAIN_NOT_FOUND, DOMAIN_NOT_FOUND);
  const refusal = refusalOf(row.domain, hosts);
  if (refusal) throw refuse(ERRORS.DOMAIN_RESERVED, refusal);
  await markVerified(db, row, new Date(), actorOf(ctx), 'by_hand');
  const after = (await findPartnerDomain(db, partnersId, row.domain))!;
  return { partnersId, domain: row.domain, verifiedAt: after.verifiedAt!.toISOString() };
}

export type BrandImage = 'logo' | 'headerImage';

/**
 * POST dashboard/settings/logo and dashboard/settings/headerimage: one picture through the image
 * pipeline, stored under `partners/{id}/{uuid}/` (public); the former one's files are removed.
 */
export async function setBrandImage(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  hosts: PlatformHosts,
  which: BrandImage,
  files: AsyncIterable<UploadedFile>,
): Promise<PartnerSettingsAnswer> {
  requireAccess(ctx, 'settings.manage');
  const stored: string[] = [];
  let path: string | null = null;
  try {
    for await (const file of files) {
      if (path) throw badRequest(ONE_IMAGE_MESSAGE);
      const image = await processImage(await file.read(), file.fileName);
      const folder = `partners/${ctx.partner.id}/${randomUUID()}`;
      const keys = {} as Record<ImageVariantName, string>;
      for (const variant of image.variants) {
        const key = `${folder}/${variant.name}.webp`;
        stored.push(key);
        await deps.storage.put(key, variant.data, 'image/webp');
        keys[variant.name] = key;
      }
      // A logo is shown small: the 800 px variant is plenty; a header image is a full-width banner.
      path = which === 'logo' ? keys.medium : keys.large;
    }
    if (!path) throw badRequest(ONE_IMAGE_MESSAGE);
    const after = path;
    const former = await deps.db.transaction(async (tx) => {
      const before = await findPartnerById(tx, ctx.partner.id);
      await updatePartnerRow(tx, ctx.partner.id, { [which]: after });
      await recordAudit(tx, {
        actor: actorOf(ctx),
        partnersId: ctx.partner.id,
        action: which === 'logo' ? 'partner.logo_changed' : 'partner.header_image_changed',
        entityType: 'partner',
        entityId: ctx.partner.id,
        before: { [which]: before?.[which] ?? null },
        after: { [which]: after },
      });
      return before?.[which] ?? null;
    });
    const folder = former?.match(/^(partners\/\d+\/[0-9a-f-]{36})\//)?.[1];
    if (folder) {
      const keys = await deps.storage.list(`${folder}/`);
      await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
    }
    await invalidatePartnerCache(deps.db, ctx.partner.id);
    return answerOf(deps.db, (await findPartnerById(deps.db, ctx.partner.id))!, hosts);
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  }
}
