import { randomUUID } from 'node:crypto';
import { PartnerSetting, partnerSettingsInputSchema, type PartnerSettingsAnswer } from '@kinship/domain';
import type { Db } from '../../db/client.ts';
import type { PartnerRow } from '../../db/types.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf, recordAudit } from '../../platform/audit.ts';
import { badRequest, fieldErrors } from '../../platform/errors.ts';
import { processImage, type ImageVariantName } from '../../platform/images.ts';
import { parseInput } from '../../platform/parse-input.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { SiteContext } from '../../platform/site-context.ts';
import type { Storage } from '../../platform/storage.ts';
import type { UploadedFile } from '../../platform/uploads.ts';
import { findPartnerById } from '../partners/partners.service.ts';
import { invalidatePartnerCache } from '../partners/partner-cache.ts';
import {
  domainsHeldElsewhere,
  findPartnerConfiguration,
  replaceDomains,
  replaceEditableSettings,
  replaceFeatures,
  updatePartnerRow,
} from './partner-settings.repository.ts';

export const DOMAIN_TAKEN = (domain: string) => `${domain} is already used by another partner.`;
export const DOMAIN_OF_PLATFORM = (domain: string) =>
  `${domain} is an address of the platform itself; give a domain of your own.`;
export const DOMAIN_REPEATED = 'This domain is listed twice.';
export const ONE_IMAGE_MESSAGE = 'Send one picture as a file of a multipart/form-data body.';

/** Where the site is reached: the host a partner's own domain points its CNAME at, and the platform's base. */
export interface SiteHost {
  /** The request's host name, without port. */
  hostname: string;
}

/** The platform's base host: the request host without the partner's label (`demo.kinship.org` -> `kinship.org`). */
function platformBase(partner: PartnerRow, host: SiteHost): string {
  const labels = host.hostname.toLowerCase().split('.');
  if (labels.length > 1 && labels[0] === partner.subdomain) return labels.slice(1).join('.');
  return host.hostname.toLowerCase();
}

function dnsTargetOf(partner: PartnerRow, host: SiteHost): string {
  return `${partner.subdomain}.${platformBase(partner, host)}`;
}

const isTrue = (value: string | null | undefined) => value?.trim().toLowerCase() === 'true';

async function answerOf(db: Db, partner: PartnerRow, host: SiteHost): Promise<PartnerSettingsAnswer> {
  const config = await findPartnerConfiguration(db, partner.id);
  return {
    partnersId: partner.id,
    name: partner.name,
    subdomain: partner.subdomain,
    logo: partner.logo,
    headerImage: partner.headerImage,
    tagline: partner.tagline,
    description: partner.description,
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
    dnsTarget: dnsTargetOf(partner, host),
    sponsorProcFee: partner.sponsorProcFee,
    generalProcFee: partner.generalProcFee,
    applicationFeeModel: partner.applicationFeeModel === 'fee' ? 'fee' : 'tip',
    currency: partner.currency,
    demoMode: partner.demoMode,
    privateDemo: partner.privateDemo,
    payments: { connected: Boolean(partner.stripeUserId), chargesEnabled: partner.stripeChargesEnabled },
  };
}

/** GET dashboard/settings: the partner's settings, for its Administrator. */
export async function getPartnerSettings(
  db: Db,
  ctx: SiteContext,
  host: SiteHost,
): Promise<PartnerSettingsAnswer> {
  requireAccess(ctx, 'settings.manage');
  const partner = (await findPartnerById(db, ctx.partner.id)) ?? ctx.partner;
  return answerOf(db, partner, host);
}

/**
 * PUT dashboard/settings: the whole settings form. Field errors come back as the problem shape;
 * a domain held by another partner, or one of the platform's own hosts, is refused by field.
 */
export async function updatePartnerSettings(
  db: Db,
  ctx: SiteContext,
  host: SiteHost,
  body: unknown,
): Promise<PartnerSettingsAnswer> {
  requireAccess(ctx, 'settings.manage');
  const input = parseInput(partnerSettingsInputSchema, body);
  const base = platformBase(ctx.partner, host);
  const domainErrors: Record<string, string> = {};
  input.domains.forEach((domain, i) => {
    if (input.domains.indexOf(domain) !== i) domainErrors[`domains.${i}`] = DOMAIN_REPEATED;
    else if (domain === base || domain.endsWith(`.${base}`))
      domainErrors[`domains.${i}`] = DOMAIN_OF_PLATFORM(domain);
  });
  const taken = new Set(await domainsHeldElsewhere(db, ctx.partner.id, [...new Set(input.domains)]));
  input.domains.forEach((domain, i) => {
    if (taken.has(domain) && !domainErrors[`domains.${i}`])
      domainErrors[`domains.${i}`] = DOMAIN_TAKEN(domain);
  });
  if (Object.keys(domainErrors).length > 0) throw fieldErrors(domainErrors);

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
      throw fieldErrors({ domains: 'One of these domains was just taken by another partner.' });
    throw error;
  }
  await invalidatePartnerCache(db, ctx.partner.id);
  return answerOf(db, (await findPartnerById(db, ctx.partner.id))!, host);
}

export type BrandImage = 'logo' | 'headerImage';

/**
 * POST dashboard/settings/logo and dashboard/settings/headerimage: one picture through the image
 * pipeline, stored under `partners/{id}/{uuid}/` (public); the former one's files are removed.
 */
export async function setBrandImage(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  host: SiteHost,
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
    return answerOf(deps.db, (await findPartnerById(deps.db, ctx.partner.id))!, host);
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  }
}
