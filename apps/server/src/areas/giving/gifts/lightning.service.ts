import { Feature, ERRORS, type LightningPreview } from '@kinship/domain';
import QRCode from 'qrcode';
import type { Db } from '../../../db/client.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, notFound, refuse } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { findPricing } from '../checkout/checkout.repository.ts';
import {
  assertNotThrottled,
  codeError,
  countUnknownCode,
  requireCodesManage,
  requireFeature,
} from './code-guard.ts';
import { LINK_CODE_LENGTH, newCode, normalizeCode } from './codes.ts';
import {
  findLinkByCode,
  findNextAvailable,
  findRecord,
  findType,
  findTypeByKey,
  insertLink,
} from './gifts.repository.ts';
import { codeRecordOf } from './gifts.service.ts';
import { type SiteUrlConfig, partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';

/**
 * Lightning sponsorships (issue 15, decision 049): a campaign's link and QR code,
 * /lightning/{type}/{code}, that opens on the next available record of the type (or the record the
 * link names) with its price and one button into checkout; the checkout names the link, and the
 * order keeps it, so staff see how many sponsorships each link brought.
 */

export const LIGHTNING_PARTNER_WIDE =
  'Lightning links apply to the whole site: creating one needs access to every program.';

export const LIGHTNING_NOT_FOUND = 'This link is not known. Please check the address.';
/** Lightning link codes share the wrong-code throttle of the other codes, under their own key. */
const LIGHTNING_CODE_KIND = 'lightning';

export const lightningPath = (typeIdentifier: string, code: string) =>
  `/lightning/${encodeURIComponent(typeIdentifier)}/${code}`;

/** GET lightning/{sponsoredType}/{code?}: the record to sponsor now, with the campaign's name. */
export async function previewLightning(
  db: Db,
  ctx: SiteContext,
  sponsoredType: string,
  rawCode: string | null,
): Promise<LightningPreview> {
  await requireFeature(db, ctx, Feature.LightningSponsorships);
  if (rawCode) await assertNotThrottled(db, LIGHTNING_CODE_KIND, ctx.clientAddress);
  const code = rawCode ? normalizeCode(rawCode) : null;
  const link = code ? await findLinkByCode(db, ctx.partner.id, code) : null;
  if (rawCode && !link) {
    // An unknown link code is what guessing produces: counted against the address, as every code is.
    await countUnknownCode(db, LIGHTNING_CODE_KIND, ctx.clientAddress);
    throw refuse(ERRORS.CODE_UNKNOWN, LIGHTNING_NOT_FOUND);
  }
  // A link staff revoked is a real link its holder printed: told so, not counted as a guess (059).
  if (link?.revokedAt) throw codeError('revoked');
  const type = link?.partnerSponsoredTypesId
    ? await findType(db, ctx.partner.id, link.partnerSponsoredTypesId)
    : await findTypeByKey(db, ctx.partner.id, sponsoredType);
  if (!type && !link?.sponsoredsId) throw notFound(`Sponsored type ${sponsoredType} was not found.`);
  const named = link?.sponsoredsId ? await findRecord(db, ctx.partner.id, link.sponsoredsId) : null;
  const open = (r: typeof named) =>
    r && r.status === 'active' && r.active && r.slotsFilled + r.held < r.maxSlots;
  // A named record that is taken falls back to the next of its type, so a printed code keeps working.
  const record = open(named)
    ? named
    : await findNextAvailable(
        db,
        ctx.partner.id,
        named?.partnerSponsoredTypesId ?? type!.id,
        ctx.viewer?.user?.id ?? null,
      );
  if (!record) throw codeError('noRecord');
  const [pricing] = await findPricing(db, ctx.partner.id, [record.id]);
  return {
    code: link?.code ?? '',
    campaign: link?.campaign ?? '',
    record: await codeRecordOf(db, ctx.partner.id, record),
    monthlyAmount: pricing?.monthlyAmount ?? null,
  };
}

/** The link a checkout names (ignored when unknown: attribution never blocks a payment). */
export async function lightningLinkIdOf(db: Db, partnersId: number, raw: string | null | undefined) {
  const code = raw ? normalizeCode(raw) : null;
  if (!code) return null;
  const link = await findLinkByCode(db, partnersId, code);
  // A revoked link no longer counts sponsorships to its campaign (decision 059).
  return link && !link.revokedAt ? link.id : null;
}

/** POST dashboard/lightning: a new link (codes.manage, a partner-level action: decision 052). */
export async function createLightningLink(
  db: Db,
  ctx: SiteContext,
  body: {
    campaign: string;
    partnerSponsoredTypesId: number | null;
    sponsoredsId?: number | null | undefined;
  },
) {
  await requireFeature(db, ctx, Feature.LightningSponsorships);
  requireCodesManage(ctx, LIGHTNING_PARTNER_WIDE);
  const record = body.sponsoredsId ? await findRecord(db, ctx.partner.id, body.sponsoredsId) : null;
  if (body.sponsoredsId && !record) throw badRequest(`Sponsored record ${body.sponsoredsId} was not found.`);
  const typeId = record?.partnerSponsoredTypesId ?? body.partnerSponsoredTypesId;
  if (typeId === null) throw badRequest('Choose a type or a record.');
  const type = await findType(db, ctx.partner.id, typeId);
  if (!type) throw badRequest(`Type ${typeId} was not found.`);
  const link = await db.transaction(async (tx) => {
    const row = await insertLink(tx, {
      partnersId: ctx.partner.id,
      code: newCode(LINK_CODE_LENGTH),
      campaign: body.campaign.trim(),
      partnerSponsoredTypesId: type.id,
      sponsoredsId: record?.id ?? null,
      createdByUsersId: ctx.viewer?.user?.id ?? null,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'lightning.created',
      entityType: 'lightning_link',
      entityId: row.id,
      after: { campaign: row.campaign, partnerSponsoredTypesId: type.id, sponsoredsId: row.sponsoredsId },
    });
    return row;
  });
  return { id: link.id, code: link.code, path: lightningPath(type.identifier, link.code) };
}

/** GET dashboard/lightning/{id}/qr.svg|png: the link's QR code (qrcode, decision 049); it shows the code, so codes.manage (052). */
export async function lightningQr(
  db: Db,
  ctx: SiteContext,
  code: string,
  format: 'svg' | 'png',
  config: SiteUrlConfig,
): Promise<{ body: string | Buffer; contentType: string }> {
  await requireFeature(db, ctx, Feature.LightningSponsorships);
  requireCodesManage(ctx, LIGHTNING_PARTNER_WIDE);
  const link = await findLinkByCode(db, ctx.partner.id, normalizeCode(code) ?? '');
  if (!link) throw refuse(ERRORS.LINK_NOT_FOUND, 'This link was not found.');
  const type = link.partnerSponsoredTypesId
    ? await findType(db, ctx.partner.id, link.partnerSponsoredTypesId)
    : null;
  const url = partnerSiteUrl(ctx.partner, lightningPath(type?.identifier ?? 'all', link.code), config);
  if (format === 'svg')
    return {
      body: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      contentType: 'image/svg+xml',
    };
  return {
    body: await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 600 }),
    contentType: 'image/png',
  };
}
