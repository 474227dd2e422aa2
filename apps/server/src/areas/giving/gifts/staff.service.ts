import {
  can,
  Feature,
  hasFeature,
  maskCode,
  type StaffGift,
  type StaffGivingCodes,
  type StaffTrial,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { sponsoreds } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { partnerViewOf } from '../../partners/index.ts';
import { formatCode } from './codes.ts';
import { listGifts, listLinks, listTrials } from './gifts.repository.ts';
import { lightningPath } from './lightning.service.ts';

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
  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  const gifts: StaffGift[] = hasFeature(partner, Feature.Gifts)
    ? (await listGifts(db, ctx.partner.id, where)).map(
        ({ gift, recordName, redeemedByEmail, orderStatus }) => ({
          id: gift.id,
          state:
            orderStatus === 'pending'
              ? 'paying'
              : orderStatus === 'failed'
                ? 'failed'
                : gift.redeemedAt
                  ? gift.endedAt
                    ? 'ended'
                    : 'redeemed'
                  : gift.expiresAt && gift.expiresAt.getTime() <= now
                    ? 'expired'
                    : gift.deliveredAt
                      ? 'delivered'
                      : 'scheduled',
          recordName,
          months: gift.openEnded ? null : gift.months,
          amount: gift.amount,
          giverName: gift.giverName,
          giverEmail: gift.giverEmail,
          recipientName: gift.recipientName,
          recipientEmail: gift.recipientEmail,
          deliverOn: gift.deliverOn ? gift.deliverOn.toISOString().slice(0, 10) : null,
          redeemedByEmail,
          createdAt: gift.createdAt.toISOString(),
        }),
      )
    : [];

  const trials: StaffTrial[] = hasFeature(partner, Feature.Trials)
    ? (await listTrials(db, ctx.partner.id, partnerWide ? undefined : where)).map(
        ({ trial, typeLabel, recordName, redeemedByEmail, converted }) => ({
          id: trial.id,
          code: fullCodes ? formatCode(trial.code) : maskCode(trial.code),
          state: trial.redeemedAt
            ? converted
              ? 'converted'
              : trial.endedAt
                ? 'ended'
                : 'running'
            : trial.expiresAt && trial.expiresAt.getTime() <= now
              ? 'expired'
              : 'unused',
          batch: trial.batch,
          days: trial.days,
          typeLabel,
          recordName,
          redeemedByEmail,
          endsAt: iso(trial.endsAt),
          expiresAt: iso(trial.expiresAt),
          createdAt: trial.createdAt.toISOString(),
        }),
      )
    : [];

  const lightning =
    hasFeature(partner, Feature.LightningSponsorships) && partnerWide
      ? (await listLinks(db, ctx.partner.id)).map(
          ({ link, typeLabel, typeIdentifier, recordName, sponsorships }) => ({
            id: link.id,
            code: fullCodes ? link.code : maskCode(link.code),
            campaign: link.campaign,
            path: fullCodes ? lightningPath(typeIdentifier ?? 'all', link.code) : null,
            typeLabel,
            recordName,
            sponsorships,
            createdAt: link.createdAt.toISOString(),
          }),
        )
      : [];
  return { gifts, trials, lightning };
}
