import {
  can,
  CODE_ALREADY_CLOSED,
  CODE_ALREADY_USED,
  Feature,
  hasFeature,
  LINK_ALREADY_REVOKED,
  LINKS_CANNOT_EXPIRE,
  maskCode,
  ERRORS,
  type CodeCloseInput,
  type StaffGift,
  type StaffGiftDetail,
  type StaffGiftListQuery,
  type StaffGivingCodes,
  type StaffLightning,
  type StaffLightningListQuery,
  type StaffTrial,
  type StaffTrialListQuery,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { sponsoreds } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, conflict, notFound, refuse } from '../../../platform/errors.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { partnerViewOf } from '../../partners/index.ts';
import { requireCodesManage, requireFeature } from './code-guard.ts';
import { formatCode } from './codes.ts';
import {
  findStaffGift,
  listGifts,
  listLinks,
  listTrials,
  lockLinkById,
  lockTrialById,
  pageGifts,
  pageLinks,
  pageTrials,
  updateLink,
  updateTrial,
  type GiftRow,
  type LightningRow,
  type TrialRow,
} from './gifts.repository.ts';
import { LIGHTNING_PARTNER_WIDE, lightningPath } from './lightning.service.ts';
import { TRIAL_ISSUE_PARTNER_WIDE } from './trials.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A gift's state as staff read it (the list's SQL computes the same: gifts.repository giftStateSql). */
function giftState(gift: GiftRow, orderStatus: string | null, now: number): StaffGift['state'] {
  if (orderStatus === 'pending') return 'paying';
  if (orderStatus === 'failed') return 'failed';
  if (gift.redeemedAt) return gift.endedAt ? 'ended' : 'redeemed';
  if (gift.expiresAt && gift.expiresAt.getTime() <= now) return 'expired';
  return gift.deliveredAt ? 'delivered' : 'scheduled';
}

function staffGiftOf(row: {
  gift: GiftRow;
  recordName: string | null;
  redeemedByEmail: string | null;
  orderStatus: string | null;
}): StaffGift {
  const { gift } = row;
  return {
    id: gift.id,
    state: giftState(gift, row.orderStatus, Date.now()),
    recordName: row.recordName,
    months: gift.openEnded ? null : gift.months,
    amount: gift.amount,
    giverName: gift.giverName,
    giverEmail: gift.giverEmail,
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    deliverOn: gift.deliverOn ? gift.deliverOn.toISOString().slice(0, 10) : null,
    redeemedByEmail: row.redeemedByEmail,
    createdAt: gift.createdAt.toISOString(),
  };
}

function trialState(trial: TrialRow, converted: boolean, now: number): StaffTrial['state'] {
  if (trial.redeemedAt) return converted ? 'converted' : trial.endedAt ? 'ended' : 'running';
  if (trial.revokedAt) return 'revoked';
  return trial.expiresAt && trial.expiresAt.getTime() <= now ? 'expired' : 'unused';
}

function staffTrialOf(
  row: {
    trial: TrialRow;
    typeLabel: string | null;
    recordName: string | null;
    redeemedByEmail: string | null;
    state: StaffTrial['state'];
  },
  fullCodes: boolean,
): StaffTrial {
  const { trial } = row;
  return {
    id: trial.id,
    code: fullCodes ? formatCode(trial.code) : maskCode(trial.code),
    state: row.state,
    batch: trial.batch,
    days: trial.days,
    typeLabel: row.typeLabel,
    recordName: row.recordName,
    redeemedByEmail: row.redeemedByEmail,
    endsAt: iso(trial.endsAt),
    expiresAt: iso(trial.expiresAt),
    createdAt: trial.createdAt.toISOString(),
    closedReason: trial.closedReason,
    closedAt: iso(trial.closedAt),
  };
}

function staffLinkOf(
  row: {
    link: LightningRow;
    typeLabel: string | null;
    typeIdentifier: string | null;
    recordName: string | null;
    sponsorships: number;
  },
  fullCodes: boolean,
): StaffLightning {
  const { link } = row;
  return {
    id: link.id,
    code: fullCodes ? link.code : maskCode(link.code),
    campaign: link.campaign,
    state: link.revokedAt ? 'revoked' : 'active',
    closedReason: link.closedReason,
    closedAt: iso(link.revokedAt),
    path: fullCodes ? lightningPath(row.typeIdentifier ?? 'all', link.code) : null,
    typeLabel: row.typeLabel,
    recordName: row.recordName,
    sponsorships: row.sponsorships,
    createdAt: link.createdAt.toISOString(),
  };
}

/** What every staff list of the section shares: the feature gate, donations.view and the code mask. */
async function staffListContext(db: Db, ctx: SiteContext, feature: number) {
  await requireFeature(db, ctx, feature);
  const scope = requireAccess(ctx, 'donations.view');
  return {
    partnerWide: scope.entityIds === 'all',
    where: scopeCondition(scope, sponsoreds.entitiesId),
    fullCodes: can(ctx.viewer?.permissions ?? null, 'codes.manage', { partnersId: ctx.partner.id }),
  };
}

/**
 * GET dashboard/giving-codes (donations.view, decision 047): every gift, trial code and lightning
 * link of the partner with its state. A program-scoped person sees the gifts and redeemed trials of
 * their programs' records only, and no partner-wide codes or links. Features that are off answer
 * empty lists; with all three off the call answers 404. Codes and links are in full only for those
 * who issue them (codes.manage); others get the last four characters and no link (decision 052).
 */
export async function listGivingCodes(db: Db, ctx: SiteContext): Promise<StaffGivingCodes> {
  assertSiteOpen(ctx);
  const partner = await partnerViewOf(db, ctx.partner);
  // With the three features off the section does not exist: 404 like each feature's calls.
  if (![Feature.Gifts, Feature.Trials, Feature.LightningSponsorships].some((f) => hasFeature(partner, f)))
    throw notFound();
  const scope = requireAccess(ctx, 'donations.view');
  const partnerWide = scope.entityIds === 'all';
  const where = scopeCondition(scope, sponsoreds.entitiesId);
  const fullCodes = can(ctx.viewer?.permissions ?? null, 'codes.manage', { partnersId: ctx.partner.id });
  const now = Date.now();

  const gifts: StaffGift[] = hasFeature(partner, Feature.Gifts)
    ? (await listGifts(db, ctx.partner.id, where)).map(staffGiftOf)
    : [];

  const trials: StaffTrial[] = hasFeature(partner, Feature.Trials)
    ? (await listTrials(db, ctx.partner.id, partnerWide ? undefined : where)).map((row) =>
        staffTrialOf({ ...row, state: trialState(row.trial, row.converted, now) }, fullCodes),
      )
    : [];

  const lightning =
    hasFeature(partner, Feature.LightningSponsorships) && partnerWide
      ? (await listLinks(db, ctx.partner.id)).map((row) => staffLinkOf(row, fullCodes))
      : [];
  return { gifts, trials, lightning };
}

/**
 * GET dashboard/gifts (donations.view, decision 059): a page of the partner's gifts, the total in
 * x-total-count; a program-scoped person sees those of their programs' records.
 */
export async function pageStaffGifts(
  db: Db,
  ctx: SiteContext,
  query: StaffGiftListQuery,
): Promise<{ rows: StaffGift[]; total: number }> {
  const { where, fullCodes } = await staffListContext(db, ctx, Feature.Gifts);
  const { rows, total } = await pageGifts(db, ctx.partner.id, where, query, fullCodes);
  return { rows: rows.map(staffGiftOf), total };
}

/** GET dashboard/gifts/{id}: one gift opened, with its code in full only for codes.manage (decision 052). */
export async function getStaffGift(db: Db, ctx: SiteContext, id: number): Promise<StaffGiftDetail> {
  const { where, fullCodes } = await staffListContext(db, ctx, Feature.Gifts);
  const row = await findStaffGift(db, ctx.partner.id, id, where);
  if (!row) throw refuse(ERRORS.GIFT_NOT_FOUND, 'This gift was not found.');
  const { gift } = row;
  return {
    ...staffGiftOf(row),
    code: fullCodes ? formatCode(gift.code) : maskCode(gift.code),
    message: gift.message,
    typeLabel: row.typeLabel,
    receiptCode: row.receiptCode,
    deliveredAt: iso(gift.deliveredAt),
    expiresAt: iso(gift.expiresAt),
    redeemedAt: iso(gift.redeemedAt),
    paidThrough: iso(gift.paidThrough),
    endedAt: iso(gift.endedAt),
  };
}

/** GET dashboard/trials: a page of trial codes (a program-scoped person: those redeemed in their programs). */
export async function pageStaffTrials(
  db: Db,
  ctx: SiteContext,
  query: StaffTrialListQuery,
): Promise<{ rows: StaffTrial[]; total: number }> {
  const { where, partnerWide, fullCodes } = await staffListContext(db, ctx, Feature.Trials);
  const { rows, total } = await pageTrials(
    db,
    ctx.partner.id,
    partnerWide ? undefined : where,
    query,
    fullCodes,
  );
  return {
    rows: rows.map((row) => staffTrialOf({ ...row, state: row.state as StaffTrial['state'] }, fullCodes)),
    total,
  };
}

/** GET dashboard/lightning: a page of lightning links (partner-wide people only: links name no program). */
export async function pageStaffLinks(
  db: Db,
  ctx: SiteContext,
  query: StaffLightningListQuery,
): Promise<{ rows: StaffLightning[]; total: number }> {
  const { partnerWide, fullCodes } = await staffListContext(db, ctx, Feature.LightningSponsorships);
  if (!partnerWide) return { rows: [], total: 0 };
  const { rows, total } = await pageLinks(db, ctx.partner.id, query, fullCodes);
  return { rows: rows.map((row) => staffLinkOf(row, fullCodes)), total };
}

/** The first page of one row: a closed code read back as the list shows it. */
const ONE_ROW = { order: 'desc', page: 1, pageSize: 1, sort: 'createdAt' } as const;

/**
 * POST dashboard/trials/{id}/withdraw (codes.manage, decision 059): staff end an unused trial code
 * now (`expire`: it reads "expired") or withdraw it (`revoke`: refused at redemption as withdrawn),
 * with a reason shown in the list; audited in the same transaction. A used code, or one already
 * expired or revoked, answers 409.
 */
export async function closeTrial(
  db: Db,
  ctx: SiteContext,
  id: number,
  input: { action: CodeCloseInput['action'] & string; reason: string },
): Promise<StaffTrial> {
  await requireFeature(db, ctx, Feature.Trials);
  requireCodesManage(ctx, TRIAL_ISSUE_PARTNER_WIDE);
  await db.transaction(async (tx) => {
    const trial = await lockTrialById(tx, ctx.partner.id, id);
    if (!trial) throw notFound('This trial code was not found.');
    if (trial.redeemedAt) throw refuse(ERRORS.CODE_USED, CODE_ALREADY_USED);
    const now = new Date();
    if (trial.revokedAt || (trial.expiresAt && trial.expiresAt.getTime() <= now.getTime()))
      throw conflict(CODE_ALREADY_CLOSED);
    const closing = {
      closedReason: input.reason,
      closedAt: now,
      closedByUsersId: ctx.viewer?.user?.id ?? null,
    };
    await updateTrial(
      tx,
      trial.id,
      input.action === 'expire' ? { ...closing, expiresAt: now } : { ...closing, revokedAt: now },
    );
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: input.action === 'expire' ? 'trial.expired' : 'trial.revoked',
      entityType: 'trial',
      entityId: trial.id,
      before: input.action === 'expire' ? { expiresAt: trial.expiresAt } : { revokedAt: null },
      after: input.action === 'expire' ? { expiresAt: now } : { revokedAt: now },
      details: { reason: input.reason },
    });
  });
  const { rows } = await pageTrials(db, ctx.partner.id, undefined, ONE_ROW, true, id);
  return staffTrialOf({ ...rows[0]!, state: rows[0]!.state as StaffTrial['state'] }, true);
}

/**
 * POST dashboard/lightning/{id}/withdraw (codes.manage, decision 059): staff revoke a link with a
 * reason; its page then answers that the link was withdrawn and checkouts no longer count to it.
 * Links do not expire (`expire` answers 400); a revoked link answers 409.
 */
export async function closeLink(
  db: Db,
  ctx: SiteContext,
  id: number,
  input: { action: CodeCloseInput['action'] & string; reason: string },
): Promise<StaffLightning> {
  await requireFeature(db, ctx, Feature.LightningSponsorships);
  requireCodesManage(ctx, LIGHTNING_PARTNER_WIDE);
  if (input.action === 'expire') throw badRequest(LINKS_CANNOT_EXPIRE);
  await db.transaction(async (tx) => {
    const link = await lockLinkById(tx, ctx.partner.id, id);
    if (!link) throw refuse(ERRORS.LINK_NOT_FOUND, 'This link was not found.');
    if (link.revokedAt) throw conflict(LINK_ALREADY_REVOKED);
    const now = new Date();
    await updateLink(tx, link.id, {
      revokedAt: now,
      closedReason: input.reason,
      closedByUsersId: ctx.viewer?.user?.id ?? null,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'lightning.revoked',
      entityType: 'lightning_link',
      entityId: link.id,
      before: { revokedAt: null },
      after: { revokedAt: now },
      details: { reason: input.reason },
    });
  });
  const { rows } = await pageLinks(db, ctx.partner.id, ONE_ROW, true, id);
  return staffLinkOf(rows[0]!, true);
}
