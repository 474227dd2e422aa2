import {
  CART_ISSUE_MESSAGE,
  Feature,
  TRIAL_CODE_VALID_DAYS,
  TRIAL_REMINDER_DAYS_BEFORE,
  ERRORS,
  type TrialIssueRequest,
  type TrialPreview,
  type Redeemed,
} from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { actorOf, recordAudit, SYSTEM_ACTOR } from '../../../platform/audit.ts';
import { badRequest, unauthorized, refuse } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { findActiveSponsorships, lockSponsoreds } from '../checkout/checkout.repository.ts';
import { siteUrlConfigOf } from '../orders/orders.service.ts';
import {
  codeError,
  problemOf,
  readCode,
  redeemedBy,
  requireCodesManage,
  requireFeature,
  wrongCode,
} from './code-guard.ts';
import { formatCode, newCode } from './codes.ts';
import { queueReminderMail } from './gift-mail.ts';
import { emit } from '../../../platform/events.ts';
import {
  findNextAvailable,
  findRecord,
  findTrialByCode,
  findType,
  insertTrials,
  lockTrialByCode,
  sponsorshipState,
  trialsPastEnd,
  trialsToRemind,
  updateTrial,
  userEmailOf,
  type RecordRow,
  type TrialRow,
} from './gifts.repository.ts';
import { ALREADY_SPONSORING, codeRecordOf, recordNameOf } from './gifts.service.ts';
import { changeFilledSlots } from '../../records/index.ts';
import { endGrantedSponsorship, insertManualSponsorship } from '../../sponsorships/index.ts';
import { findPartnerById } from '../../partners/index.ts';
import { heldSlotsBySponsored } from '../orders/orders.repository.ts';

/**
 * Trial codes (issue 15, decision 048). Staff issue them one or a batch at a time (the number of
 * days, the type they apply to, the batch's name for an event). Redeemed by a signed-in person, a
 * code starts a manual sponsorship with no payment of the record named by the code, else the one of
 * its type that has waited longest; it fills the slot under the record's lock like checkout (live
 * holds count). A reminder goes out TRIAL_REMINDER_DAYS_BEFORE days before the end; continuing is
 * checkout's one-step conversion of a manual sponsorship; an unconverted trial ends at its end and
 * frees the slot (gifts.sweep).
 */

export const TRIAL_ISSUE_PARTNER_WIDE =
  'Trial codes apply to the whole site: issuing them needs access to every program.';

const DAY_MS = 86_400_000;

/** The trial of a code that may be used, or its error; with `redeemer`, also one that person started here. */
async function trialOfCode(db: Db, ctx: SiteContext, raw: string, redeemer?: number): Promise<TrialRow> {
  const code = await readCode(db, 'trial', ctx.clientAddress, raw);
  const trial = await findTrialByCode(db, code);
  if (!trial) return wrongCode(db, 'trial', ctx.clientAddress, 'unknown');
  if (redeemedBy(trial, ctx, redeemer)) return trial;
  const problem = problemOf(trial, ctx.partner.id);
  if (problem) return wrongCode(db, 'trial', ctx.clientAddress, problem);
  return trial;
}

async function recordForTrial(db: Db, ctx: SiteContext, trial: TrialRow): Promise<RecordRow> {
  const record = trial.sponsoredsId
    ? await findRecord(db, ctx.partner.id, trial.sponsoredsId)
    : await findNextAvailable(
        db,
        ctx.partner.id,
        trial.partnerSponsoredTypesId,
        ctx.viewer?.user?.id ?? null,
      );
  if (!record || record.status !== 'active' || !record.active) throw codeError('noRecord');
  return record;
}

/** GET trials/redeem/{code}: the days and the record the code would start; its redeemer reads their own start. */
export async function previewTrial(db: Db, ctx: SiteContext, raw: string): Promise<TrialPreview> {
  await requireFeature(db, ctx, Feature.Trials);
  const viewerId = ctx.viewer?.user?.id;
  const trial = await trialOfCode(db, ctx, raw, viewerId);
  if (redeemedBy(trial, ctx, viewerId)) {
    const record = trial.sponsoredsId ? await findRecord(db, ctx.partner.id, trial.sponsoredsId) : null;
    if (!record) throw codeError('unknown');
    return {
      code: formatCode(trial.code),
      days: trial.days,
      record: await codeRecordOf(db, ctx.partner.id, record),
      expiresAt: trial.expiresAt?.toISOString() ?? null,
      redeemedByYou: {
        redeemedAt: trial.redeemedAt!.toISOString(),
        endsAt: trial.endsAt?.toISOString() ?? null,
        sponsoredsId: record.id,
      },
    };
  }
  const record = await recordForTrial(db, ctx, trial);
  return {
    code: formatCode(trial.code),
    days: trial.days,
    record: await codeRecordOf(db, ctx.partner.id, record),
    expiresAt: trial.expiresAt?.toISOString() ?? null,
    redeemedByYou: null,
  };
}

/** POST trials/redeem/{code}: the signed-in person starts the trial (of the record previewed when given). */
export async function redeemTrial(
  db: Db,
  ctx: SiteContext,
  raw: string,
  body: { sponsoredsId?: number | undefined },
): Promise<Redeemed> {
  await requireFeature(db, ctx, Feature.Trials);
  if (!ctx.viewer?.user) throw unauthorized('Please sign in or sign up to start your trial.');
  const user = ctx.viewer.user;
  const email = user.email || ctx.viewer.email;
  const found = await trialOfCode(db, ctx, raw);
  let record = await recordForTrial(db, ctx, found);
  if (body.sponsoredsId && body.sponsoredsId !== record.id && !found.sponsoredsId) {
    const chosen = await findRecord(db, ctx.partner.id, body.sponsoredsId);
    if (
      !chosen ||
      (found.partnerSponsoredTypesId !== null &&
        chosen.partnerSponsoredTypesId !== found.partnerSponsoredTypesId)
    )
      throw badRequest('This code does not apply to that record.');
    record = chosen;
  }
  return db.transaction(async (tx) => {
    const trial = await lockTrialByCode(tx, found.code);
    const problem = trial ? problemOf(trial, ctx.partner.id) : 'unknown';
    if (!trial || problem) throw codeError(problem ?? 'unknown');
    const [row] = await lockSponsoreds(tx, ctx.partner.id, [record.id]);
    const held = (await heldSlotsBySponsored(tx, [record.id])).get(record.id) ?? 0;
    if (!row || row.status !== 'active' || !row.active)
      throw refuse(ERRORS.RECORD_CLOSED, CART_ISSUE_MESSAGE);
    if (row.maxSlots - row.slotsFilled - held < 1) throw refuse(ERRORS.SLOTS_FULL, CART_ISSUE_MESSAGE);
    if ((await findActiveSponsorships(tx, ctx.partner.id, user.id, [record.id])).length)
      throw refuse(ERRORS.ALREADY_SPONSORING, ALREADY_SPONSORING(recordNameOf(record)));
    await changeFilledSlots(tx, record.id, 1);
    const sponsorship = await insertManualSponsorship(tx, {
      partnersId: ctx.partner.id,
      usersId: user.id,
      sponsoredsId: record.id,
    });
    const now = new Date();
    const endsAt = new Date(now.getTime() + trial.days * DAY_MS);
    await updateTrial(tx, trial.id, {
      redeemedAt: now,
      redeemedByUsersId: user.id,
      sponsoredsId: record.id,
      userSponsoredsId: sponsorship.id,
      endsAt,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'trial.redeemed',
      entityType: 'trial',
      entityId: trial.id,
      after: { userSponsoredsId: sponsorship.id, sponsoredsId: record.id, endsAt },
    });
    if (email)
      await emit(tx, 'trial.started', {
        partnersId: ctx.partner.id,
        trialsId: trial.id,
        userSponsoredsId: sponsorship.id,
        days: trial.days,
        endsAt: endsAt.toISOString(),
        recordName: recordNameOf(record),
        email,
      });
    return { sponsoredsId: record.id, userSponsoredsId: sponsorship.id, endsAt: endsAt.toISOString() };
  });
}

/** POST dashboard/trials: one code or a batch (codes.manage, a partner-level action: decision 052). */
export async function issueTrials(
  db: Db,
  ctx: SiteContext,
  body: Required<Omit<TrialIssueRequest, 'validDays'>> & { validDays?: number | undefined },
) {
  await requireFeature(db, ctx, Feature.Trials);
  requireCodesManage(ctx, TRIAL_ISSUE_PARTNER_WIDE);
  if (
    body.partnerSponsoredTypesId !== null &&
    !(await findType(db, ctx.partner.id, body.partnerSponsoredTypesId))
  )
    throw badRequest(`Type ${body.partnerSponsoredTypesId} was not found.`);
  const expiresAt = new Date(Date.now() + (body.validDays ?? TRIAL_CODE_VALID_DAYS) * DAY_MS);
  return db.transaction(async (tx) => {
    const rows = await insertTrials(
      tx,
      Array.from({ length: body.count }, () => ({
        partnersId: ctx.partner.id,
        code: newCode(),
        days: body.days,
        partnerSponsoredTypesId: body.partnerSponsoredTypesId,
        batch: body.batch || null,
        createdByUsersId: ctx.viewer?.user?.id ?? null,
        expiresAt,
      })),
    );
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'trial.issued',
      entityType: 'trial',
      entityId: rows[0]!.id,
      after: {
        count: rows.length,
        days: body.days,
        partnerSponsoredTypesId: body.partnerSponsoredTypesId,
        batch: body.batch || null,
      },
    });
    return { codes: rows.map((r) => formatCode(r.code)) };
  });
}

/** The trials' part of gifts.sweep: reminders before the end, then the end of unconverted trials. */
export async function sweepTrials(
  db: Db,
  config: Config,
): Promise<{ trialsReminded: number; trialsEnded: number }> {
  let trialsReminded = 0;
  let trialsEnded = 0;
  for (const trial of await trialsToRemind(db, TRIAL_REMINDER_DAYS_BEFORE)) {
    await db.transaction(async (tx) => {
      const state = trial.userSponsoredsId ? await sponsorshipState(tx, trial.userSponsoredsId) : null;
      if (state?.isManual && !state.dateEnded && trial.redeemedByUsersId) {
        const partner = await findPartnerById(tx as unknown as Db, trial.partnersId);
        const to = await userEmailOf(tx, trial.redeemedByUsersId);
        if (partner) await queueReminderMail(tx, partner, 'trial', trial, siteUrlConfigOf(config), to);
        trialsReminded += 1;
      }
      await updateTrial(tx, trial.id, { remindedAt: new Date() });
    });
  }
  for (const trial of await trialsPastEnd(db)) {
    await db.transaction(async (tx) => {
      const state = trial.userSponsoredsId ? await sponsorshipState(tx, trial.userSponsoredsId) : null;
      if (state?.isManual && !state.dateEnded && trial.userSponsoredsId) {
        await endGrantedSponsorship(tx, trial.userSponsoredsId);
        trialsEnded += 1;
        await recordAudit(tx, {
          actor: SYSTEM_ACTOR,
          partnersId: trial.partnersId,
          action: 'trial.ended',
          entityType: 'trial',
          entityId: trial.id,
          after: { userSponsoredsId: trial.userSponsoredsId },
        });
      }
      await updateTrial(tx, trial.id, { endedAt: new Date() });
    });
  }
  return { trialsReminded, trialsEnded };
}
