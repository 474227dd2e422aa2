import { randomInt } from 'node:crypto';
import { defineMessages } from '@formatjs/intl';
import {
  formatCentsIn,
  type Locale,
  can,
  formatCents,
  formatLinkCode,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  LINK_MESSAGES,
  maskCode,
  MESSAGES,
  normaliseLinkCode,
  sponsoredRecordName,
  ERRORS,
  type LinkedSponsorship,
  type manualSponsorshipInputSchema,
  type SponsorDetail,
  type SponsorListQuery,
  type SponsorRow,
  type SponsorshipView,
  type TimelineEvent,
  tooManyCodesMessage,
} from '@kinship/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { sponsoreds } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { codeThrottleWait, countWrongCode } from '../../../platform/code-throttle.ts';
import { HttpError, unauthorized, refuse } from '../../../platform/errors.ts';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { currentLinePrices } from '../../giving/index.ts';
import { payerOf } from '../../giving/index.ts';
import { findPartnerById } from '../../partners/index.ts';
import {
  endSubscriptionLine,
  recordSubscriptionLineEnd,
  type SubscriptionLineEnd,
} from '../../giving/index.ts';
import {
  activeSponsorshipOf,
  findPaymentMethods,
  findPaymentsOf,
  findSponsorship,
  findSponsorshipByCode,
  sponsorshipPartnerOfCode,
  findSponsorshipsOf,
  findUser,
  linkCodeOf,
  findUserByEmail,
  insertSponsorship,
  isPersonOfPartner,
  listSponsors,
  lockRecords,
  lockSponsorship,
  updateSponsorship,
  type SponsorshipRow,
} from './sponsors.repository.ts';
import { partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';
import { changeFilledSlots } from '../../records/index.ts';
import { insertTempUser } from '../../people/index.ts';
import { heldSlotsBySponsored } from '../../giving/index.ts';
import { emit, type EventPayload } from '../../../platform/events.ts';
import type { PartnerRow } from '../../../db/types.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn, type Say } from '../../../platform/messages.ts';

// The dashboard's Sponsors section (issue 13 item 3, decision 039). Reads need sponsors.view,
// writes sponsors.manage, each at the program of every record involved; a program-scoped person's
// lists, figures and timelines hold their programs' sponsorships (and the payments of those
// subscriptions) only. Slots change under the records' row locks, taken in id order like
// checkout's (decision 005), in the transaction that writes the sponsorship, its audit row and the
// sponsor's email (through the outbox). A gateway call is made before that transaction, never in it.

export interface SponsorsDeps {
  db: Db;
  gateway: PaymentGateway;
  config: Config;
}

export const PERSON_NOT_FOUND = 'This person was not found among your sponsors and donors.';
export const SPONSORSHIP_NOT_FOUND = 'This sponsorship was not found.';
export const RECORD_NOT_FOUND = 'This sponsored record was not found.';
export const SPONSORSHIP_ALREADY_ENDED = 'This sponsorship has already ended.';
export const NO_OPEN_SLOT = (name: string, slots: number) =>
  `${name} has no open ${slots === 1 ? 'slot' : `${slots} slots`}.`;
export const RECORD_CLOSED = (name: string) => `${name} is not open to sponsorship (inactive or archived).`;
export const SAME_TYPE_ONLY = 'A sponsorship can only move to a record of the same sponsored type.';
export const SAME_RECORD = 'Choose another record: the sponsorship is already on this one.';
export const ALREADY_SPONSORS = (person: string, record: string) => `${person} already sponsors ${record}.`;
export const GATEWAY_FAILED_ON_END =
  'We could not reach the payment provider, so the sponsorship was not ended. Please try again in a few minutes.';

type ManualInput = z.output<typeof manualSponsorshipInputSchema>;

const personName = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || 'This person';
const recordName = (r: {
  firstName: string | null;
  title: string | null;
  sponsoredTypesId: number;
  id: number;
}) => sponsoredRecordName({ ...r, lastName: null }, `record ${r.id}`);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A new link code: LINK_CODE_LENGTH characters drawn uniformly from the unambiguous alphabet. */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

function sponsorshipView(row: SponsorshipRow & {}, showCode: boolean): SponsorshipView {
  return {
    id: row.id,
    usersId: row.usersId,
    sponsoredsId: row.sponsoredsId,
    name: sponsoredRecordName(row, `record ${row.sponsoredsId}`),
    code: row.code,
    partnerSponsoredTypesId: row.partnerSponsoredTypesId,
    typeLabel: row.typeLabel,
    entitiesId: row.entitiesId,
    program: row.program,
    numSlots: row.numSlots,
    amount: row.amount,
    interval: row.interval,
    isManual: row.isManual,
    // An unused link code in full for those who may issue it here; others its last four (decision 052).
    linkCode:
      row.linkCode && !row.linkedAt && !row.dateEnded
        ? showCode
          ? formatLinkCode(row.linkCode)
          : maskCode(row.linkCode)
        : null,
    linkedAt: iso(row.linkedAt),
    subscriptionsId: row.subscriptionsId,
    subscriptionStatus: row.subscriptionStatus,
    dateStarted: iso(row.dateStarted)!,
    dateEnded: iso(row.dateEnded),
    endReason: row.endReason,
  };
}

const mayManage = (ctx: SiteContext, entitiesId: number) =>
  can(ctx.viewer?.permissions ?? null, 'sponsors.manage', { partnersId: ctx.partner.id, entitiesId });

// ------------------------------------------------------------------------------------------ reads

/** GET dashboard/sponsors: one page of the partner's sponsors and donors. */
export async function listSponsorsOf(
  db: Db,
  ctx: SiteContext,
  query: SponsorListQuery,
): Promise<{ rows: SponsorRow[]; total: number }> {
  const scope = requireAccess(ctx, 'sponsors.view');
  const { rows, total } = await listSponsors(
    db,
    ctx.partner.id,
    scopeCondition(scope, sponsoreds.entitiesId),
    query,
  );
  return {
    total,
    rows: rows.map(({ total: _total, sponsoring, lastPaymentAt, ...row }) => {
      const records = (typeof sponsoring === 'string' ? JSON.parse(sponsoring) : sponsoring) as {
        firstName: string | null;
        lastName: string | null;
        title: string | null;
        sponsoredTypesId: number;
        id: number;
      }[];
      return {
        ...row,
        sponsoring: records.map((r) => sponsoredRecordName(r, `record ${r.id}`)),
        lastPaymentAt: iso(lastPaymentAt),
        methodExpMonth: row.methodExpMonth === null ? null : Number(row.methodExpMonth),
        methodExpYear: row.methodExpYear === null ? null : Number(row.methodExpYear),
      };
    }),
  };
}

const TIMELINE_PAYMENTS = 500;

/** GET dashboard/sponsors/{id}: the person, their sponsorships, saved methods and giving timeline. */
export async function getSponsor(db: Db, ctx: SiteContext, usersId: number): Promise<SponsorDetail> {
  const scope = requireAccess(ctx, 'sponsors.view');
  const inScope = scopeCondition(scope, sponsoreds.entitiesId);
  const user = await findUser(db, usersId);
  if (!user || !(await isPersonOfPartner(db, ctx.partner.id, inScope, usersId)))
    throw refuse(ERRORS.PERSON_NOT_FOUND, PERSON_NOT_FOUND);
  const [rows, methods, paid] = await Promise.all([
    findSponsorshipsOf(db, ctx.partner.id, inScope, usersId),
    findPaymentMethods(db, ctx.partner.id, usersId),
    findPaymentsOf(db, ctx.partner.id, inScope, usersId, TIMELINE_PAYMENTS),
  ]);
  const sponsorships = rows.map((r) => sponsorshipView(r, mayManage(ctx, r.entitiesId)));
  const timeline: TimelineEvent[] = [];
  for (const s of sponsorships) {
    const what = `${s.name} (${s.typeLabel}, ${s.numSlots} ${s.numSlots === 1 ? 'slot' : 'slots'})`;
    timeline.push({
      at: s.dateStarted,
      kind: 'sponsorship_started',
      text: `Started sponsoring ${what}${s.isManual ? ', paid offline' : ''}`,
      amount: null,
    });
    if (s.dateEnded) {
      timeline.push({
        at: s.dateEnded,
        kind: 'sponsorship_ended',
        text: `Sponsorship of ${s.name} ended${s.endReason ? `: ${s.endReason}` : ''}`,
        amount: null,
      });
    }
  }
  for (const p of paid) {
    const at = p.createdAt.toISOString();
    if (p.status !== 'succeeded') {
      timeline.push({ at, kind: 'payment_failed', text: 'A payment failed', amount: p.amount });
      continue;
    }
    const refunded = p.refundedAmount > 0 ? ` (${formatCents(p.refundedAmount)} refunded)` : '';
    if (p.donationsId !== null) {
      timeline.push({
        at,
        kind: 'donation',
        text: `Donation${p.initiative ? ` to ${p.initiative}` : ''}${refunded}`,
        amount: p.amount,
      });
    } else {
      timeline.push({ at, kind: 'payment', text: `Sponsorship payment${refunded}`, amount: p.amount });
    }
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return {
    person: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      address1: user.address1,
      address2: user.address2,
      city: user.city,
      state: user.state,
      zip: user.zip,
      tempAccount: user.tempAccount,
      createdAt: user.createdAt.toISOString(),
    },
    totalPaid: paid
      .filter((p) => p.status === 'succeeded')
      .reduce((sum, p) => sum + p.amount - p.refundedAmount, 0),
    currency: ctx.partner.currency,
    sponsorships,
    paymentMethods: methods,
    timeline,
  };
}

// ------------------------------------------------------------------------------------------ writes

type LockedRecord = Awaited<ReturnType<typeof lockRecords>>[number];

async function openSlotsOf(tx: Tx, record: LockedRecord): Promise<number> {
  const held = (await heldSlotsBySponsored(tx, [record.id])).get(record.id) ?? 0;
  return record.maxSlots - record.slotsFilled - held;
}

function assertOpen(record: LockedRecord, numSlots: number, open: number) {
  const name = recordName(record);
  if (record.status !== 'active' && record.status !== 'reserved')
    throw refuse(ERRORS.RECORD_CLOSED, RECORD_CLOSED(name));
  if (open < numSlots) throw refuse(ERRORS.SLOTS_FULL, NO_OPEN_SLOT(name, numSlots));
}

/** What staff may do to a sponsorship: it exists at the partner, in their programs. */
async function manageableSponsorship(db: Db, ctx: SiteContext, id: number) {
  requireAccess(ctx, 'sponsors.manage');
  const row = await findSponsorship(db, ctx.partner.id, id);
  if (!row) throw refuse(ERRORS.SPONSORSHIP_NOT_FOUND, SPONSORSHIP_NOT_FOUND);
  requireAccess(ctx, 'sponsors.manage', { entitiesId: row.entitiesId });
  return row;
}

async function viewOf(db: Db, ctx: SiteContext, id: number): Promise<SponsorshipView> {
  const row = await findSponsorship(db, ctx.partner.id, id);
  return sponsorshipView(row!, true);
}

/**
 * POST dashboard/sponsorships: a manual (offline) sponsorship of a record with an open slot, for a
 * person known at the partner (usersId) or by name and email (a temp account is created when no
 * person has that email). It carries a link code, emailed to the sponsor through the outbox.
 */
export async function recordManualSponsorship(
  deps: SponsorsDeps,
  ctx: SiteContext,
  input: ManualInput,
): Promise<SponsorshipView> {
  requireAccess(ctx, 'sponsors.manage');
  const { db } = deps;
  const [target] = await db
    .select({ entitiesId: sponsoreds.entitiesId, partnersId: sponsoreds.partnersId })
    .from(sponsoreds)
    .where(eqId(input.sponsoredsId));
  if (!target || target.partnersId !== ctx.partner.id)
    throw refuse(ERRORS.RECORD_NOT_FOUND, RECORD_NOT_FOUND);
  requireAccess(ctx, 'sponsors.manage', { entitiesId: target.entitiesId });
  if (input.usersId !== undefined) {
    const known = await isPersonOfPartner(db, ctx.partner.id, undefined, input.usersId);
    if (!known) throw refuse(ERRORS.PERSON_NOT_FOUND, PERSON_NOT_FOUND);
  }
  const [price] = await currentLinePrices(db, ctx.partner.id, 'month', [
    { sponsoredsId: input.sponsoredsId, numSlots: input.numSlots },
  ]);
  const id = await db.transaction(async (tx) => {
    const [record] = await lockRecords(tx, ctx.partner.id, [input.sponsoredsId]);
    assertOpen(record!, input.numSlots, await openSlotsOf(tx, record!));
    let user =
      input.usersId !== undefined
        ? await findUser(tx, input.usersId)
        : await findUserByEmail(tx, input.email!);
    if (!user && input.usersId !== undefined) throw refuse(ERRORS.PERSON_NOT_FOUND, PERSON_NOT_FOUND);
    const created = !user;
    user ??= await insertTempUser(tx, {
      firstName: input.firstName!,
      lastName: input.lastName!,
      email: input.email!,
    });
    if (await activeSponsorshipOf(tx, ctx.partner.id, user.id, record!.id)) {
      throw refuse(ERRORS.ALREADY_SPONSORING, ALREADY_SPONSORS(personName(user), recordName(record!)));
    }
    const code = newLinkCode();
    const row = await insertSponsorship(tx, {
      partnersId: ctx.partner.id,
      usersId: user.id,
      sponsoredsId: record!.id,
      numSlots: input.numSlots,
      amount: price ?? 0,
      interval: 'month',
      isManual: true,
      linkCode: code,
    });
    await changeFilledSlots(tx, record!.id, input.numSlots);
    await emit(tx, 'sponsorship.started', {
      partnersId: ctx.partner.id,
      userSponsoredsId: row.id,
      usersId: user.id,
      sponsoredsId: record!.id,
      recordName: recordName(record!),
      numSlots: input.numSlots,
      manual: true,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsorship.manual_recorded',
      entityType: 'user_sponsored',
      entityId: row.id,
      after: { usersId: user.id, sponsoredsId: record!.id, numSlots: input.numSlots, amount: row.amount },
      details: { tempAccountCreated: created, slotsFilledBefore: record!.slotsFilled },
    });
    return row.id;
  });
  return viewOf(db, ctx, id);
}

function eqId(id: number) {
  return eq(sponsoreds.id, id);
}

async function gatewayHalf(
  deps: SponsorsDeps,
  ctx: SiteContext,
  row: SponsorshipRow & {},
): Promise<SubscriptionLineEnd | null> {
  if (row.subscriptionsId === null) return null;
  try {
    return await endSubscriptionLine(deps, ctx.partner, row.subscriptionsId, row.id);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, GATEWAY_FAILED_ON_END);
  }
}

/** Whether the sponsor has an address the notice of an event can go to (the audit says so). */
async function sponsorHasEmail(tx: Tx, usersId: number): Promise<boolean> {
  return Boolean((await findUser(tx, usersId))?.email);
}

/** The sponsorship notices' words (decision 073); the English defaults are today's notices. */
export const sponsorNoticeMessages = defineMessages({
  hello: {
    id: 'mail.sponsorship.hello',
    defaultMessage: '{hasName, select, yes {Hello {name},} other {Hello,}}',
  },
  thanks: { id: 'mail.sponsorship.thanks', defaultMessage: 'Thank you for your support.' },
  manualSubject: {
    id: 'mail.sponsorship.manualSubject',
    defaultMessage: '{partnerName}: your sponsorship of {recordName}',
  },
  manualBody: {
    id: 'mail.sponsorship.manualBody',
    defaultMessage:
      'Thank you for sponsoring {recordName} through {partnerName}. We have recorded your sponsorship ({slots, plural, one {# slot} other {# slots}}), paid offline.',
  },
  manualCode: {
    id: 'mail.sponsorship.manualCode',
    defaultMessage:
      'To see it in your account, and to pay by card if you wish, sign in or sign up and enter your link code:',
  },
  manualOnce: {
    id: 'mail.sponsorship.manualOnce',
    defaultMessage: 'The code can be used once. Thank you for your support.',
  },
  endedSubject: {
    id: 'mail.sponsorship.endedSubject',
    defaultMessage: '{partnerName}: your sponsorship of {recordName} has ended',
  },
  ended: {
    id: 'mail.sponsorship.ended',
    defaultMessage: 'Your sponsorship of {recordName} through {partnerName} has ended.',
  },
  endedReason: { id: 'mail.sponsorship.endedReason', defaultMessage: 'Reason: {reason}' },
  endedCanceled: {
    id: 'mail.sponsorship.endedCanceled',
    defaultMessage: 'Its card payments have been canceled: you will not be charged for it again.',
  },
  endedContinues: {
    id: 'mail.sponsorship.endedContinues',
    defaultMessage:
      'Your subscription continues for your other sponsorships at {amount} from the next payment.',
  },
  movedSubject: {
    id: 'mail.sponsorship.movedSubject',
    defaultMessage: '{partnerName}: your sponsorship now supports {toName}',
  },
  moved: {
    id: 'mail.sponsorship.moved',
    defaultMessage: '{fromName}, whom you sponsored through {partnerName}, {reason}.',
  },
  movedTo: {
    id: 'mail.sponsorship.movedTo',
    defaultMessage:
      'Your sponsorship now supports {toName}, with the same {slots, plural, one {slot} other {slots}} and the same payments. You will find {toName} among your sponsorships on our site.',
  },
});
const sm = sponsorNoticeMessages;

/** A sponsor's notice, in their saved language, else the partner's default (decision 073). */
async function notifySponsor(
  tx: Tx,
  partner: PartnerRow,
  usersId: number,
  compose: (say: Say, locale: Locale) => { dedupeKey: string; subject: string; body: string },
): Promise<void> {
  const user = await findUser(tx, usersId);
  if (!user?.email) return;
  const locale = localeOfRecipient(partner, user.locale);
  const say = sayIn(locale);
  const message = compose(say, locale);
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'sponsorship_notice',
    dedupeKey: message.dedupeKey,
    toAddress: user.email,
    subject: message.subject,
    bodyText: `${say(sm.hello, { hasName: user.firstName ? 'yes' : 'no', name: user.firstName ?? '' })}\n\n${message.body}\n\n${say(sm.thanks)}\n${partner.name}`,
  });
}

/** The manual sponsorship's mail with its link code: the subscriber of sponsorship.started. */
export async function queueManualSponsorshipMail(
  tx: Tx,
  config: Config,
  input: EventPayload<'sponsorship.started'>,
): Promise<void> {
  if (!input.manual) return;
  const partner = await findPartnerById(tx, input.partnersId);
  const user = await findUser(tx, input.usersId);
  const code = await linkCodeOf(tx, input.userSponsoredsId);
  if (!partner || !user?.email || !code) return;
  const link = partnerSiteUrl(partner, `/link/${formatLinkCode(code)}`, config);
  const say = sayIn(localeOfRecipient(partner, user.locale));
  const names = { recordName: input.recordName, partnerName: partner.name };
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'sponsorship_notice',
    dedupeKey: `sponsorship-manual:${input.userSponsoredsId}`,
    toAddress: user.email,
    subject: say(sm.manualSubject, names),
    bodyText:
      `${say(sm.hello, { hasName: user.firstName ? 'yes' : 'no', name: user.firstName ?? '' })}\n\n` +
      `${say(sm.manualBody, { ...names, slots: input.numSlots })}\n\n` +
      `${say(sm.manualCode)}\n\n` +
      `    ${formatLinkCode(code)}\n\n${link}\n\n` +
      `${say(sm.manualOnce)}\n${partner.name}`,
  });
}

/** The sponsor's notice that staff ended their sponsorship: the subscriber of sponsorship.ended. */
export async function queueEndedNotice(tx: Tx, input: EventPayload<'sponsorship.ended'>): Promise<void> {
  const partner = await findPartnerById(tx, input.partnersId);
  if (!partner) return;
  const name = input.recordName;
  const subscription = input.subscription;
  await notifySponsor(tx, partner, input.usersId, (say, locale) => ({
    dedupeKey: `sponsorship-ended:${input.userSponsoredsId}`,
    subject: say(sm.endedSubject, { partnerName: partner.name, recordName: name }),
    body:
      `${say(sm.ended, { recordName: name, partnerName: partner.name })}\n\n${say(sm.endedReason, { reason: input.reason })}` +
      (subscription
        ? subscription.canceled
          ? `\n\n${say(sm.endedCanceled)}`
          : `\n\n${say(sm.endedContinues, {
              amount:
                locale === 'en-US'
                  ? formatCents(subscription.amount)
                  : formatCentsIn(locale, partner.currency, subscription.amount),
            })}`
        : ''),
  }));
}

/** The sponsor's notice that their sponsorship moved: the subscriber of sponsorship.moved. */
export async function queueMovedNotice(tx: Tx, input: EventPayload<'sponsorship.moved'>): Promise<void> {
  const partner = await findPartnerById(tx, input.partnersId);
  if (!partner) return;
  const { fromName, toName } = input;
  await notifySponsor(tx, partner, input.usersId, (say) => ({
    dedupeKey: `sponsorship-moved:${input.userSponsoredsId}`,
    subject: say(sm.movedSubject, { partnerName: partner.name, toName }),
    body: `${say(sm.moved, { fromName, partnerName: partner.name, reason: input.reason.replace(/\.$/, '') })}\n\n${say(sm.movedTo, { toName, slots: input.numSlots })}`,
  }));
}

/**
 * POST dashboard/sponsorships/{id}/end: ends an active sponsorship with a reason, frees its slots
 * and tells the sponsor. A paid one's subscription line is ended at the gateway first (the whole
 * subscription canceled when it was its last line).
 */
export async function endSponsorship(
  deps: SponsorsDeps,
  ctx: SiteContext,
  id: number,
  reason: string,
): Promise<SponsorshipView> {
  const row = await manageableSponsorship(deps.db, ctx, id);
  if (row.dateEnded) throw refuse(ERRORS.SPONSORSHIP_ENDED, SPONSORSHIP_ALREADY_ENDED);
  const subscriptionEnd = await gatewayHalf(deps, ctx, row);
  await deps.db.transaction(async (tx) => {
    await lockRecords(tx, ctx.partner.id, [row.sponsoredsId]);
    const locked = await lockSponsorship(tx, id);
    if (!locked || locked.dateEnded) throw refuse(ERRORS.SPONSORSHIP_ENDED, SPONSORSHIP_ALREADY_ENDED);
    await updateSponsorship(tx, id, { dateEnded: new Date(), endReason: reason });
    await changeFilledSlots(tx, row.sponsoredsId, -locked.numSlots);
    if (subscriptionEnd) await recordSubscriptionLineEnd(tx, subscriptionEnd);
    const name = sponsoredRecordName({ ...row, lastName: null }, `record ${row.sponsoredsId}`);
    await emit(tx, 'sponsorship.ended', {
      partnersId: ctx.partner.id,
      userSponsoredsId: id,
      usersId: locked.usersId,
      recordName: name,
      reason,
      subscription: subscriptionEnd
        ? {
            canceled: subscriptionEnd.canceled,
            amount: subscriptionEnd.baseAmount + subscriptionEnd.additionalAmount,
          }
        : null,
    });
    const told = await sponsorHasEmail(tx, locked.usersId);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsorship.ended',
      entityType: 'user_sponsored',
      entityId: id,
      before: { dateEnded: null },
      after: { dateEnded: 'now', endReason: reason },
      details: {
        sponsoredsId: row.sponsoredsId,
        slotsFreed: locked.numSlots,
        subscriptionsId: row.subscriptionsId,
        subscriptionCanceled: subscriptionEnd?.canceled ?? false,
        sponsorTold: told,
      },
    });
  });
  return viewOf(deps.db, ctx, id);
}

/**
 * POST dashboard/sponsorships/{id}/move: the sponsorship goes to another record of the same type
 * with an open slot (a child left the program). The old sponsorship ends ("Moved to ...") and a new
 * one starts on the other record with the same sponsor, slots, amount, subscription and link code;
 * both records' slots change in one transaction under their locks. The subscription's price is
 * unchanged, so the gateway is not called. The sponsor is told.
 */
export async function moveSponsorship(
  deps: SponsorsDeps,
  ctx: SiteContext,
  id: number,
  input: { sponsoredsId: number; reason: string },
): Promise<SponsorshipView> {
  const row = await manageableSponsorship(deps.db, ctx, id);
  if (row.dateEnded) throw refuse(ERRORS.SPONSORSHIP_ENDED, SPONSORSHIP_ALREADY_ENDED);
  if (input.sponsoredsId === row.sponsoredsId) throw refuse(ERRORS.SAME_RECORD, SAME_RECORD);
  const [target] = await deps.db
    .select({ entitiesId: sponsoreds.entitiesId, partnersId: sponsoreds.partnersId })
    .from(sponsoreds)
    .where(eqId(input.sponsoredsId));
  if (!target || target.partnersId !== ctx.partner.id)
    throw refuse(ERRORS.RECORD_NOT_FOUND, RECORD_NOT_FOUND);
  requireAccess(ctx, 'sponsors.manage', { entitiesId: target.entitiesId });
  const newId = await deps.db.transaction(async (tx) => {
    const records = await lockRecords(tx, ctx.partner.id, [row.sponsoredsId, input.sponsoredsId]);
    const from = records.find((r) => r.id === row.sponsoredsId)!;
    const to = records.find((r) => r.id === input.sponsoredsId)!;
    const locked = await lockSponsorship(tx, id);
    if (!locked || locked.dateEnded) throw refuse(ERRORS.SPONSORSHIP_ENDED, SPONSORSHIP_ALREADY_ENDED);
    if (to.partnerSponsoredTypesId !== from.partnerSponsoredTypesId)
      throw refuse(ERRORS.OTHER_TYPE, SAME_TYPE_ONLY);
    assertOpen(to, locked.numSlots, await openSlotsOf(tx, to));
    const sponsor = await findUser(tx, locked.usersId);
    if (await activeSponsorshipOf(tx, ctx.partner.id, locked.usersId, to.id)) {
      throw refuse(
        ERRORS.ALREADY_SPONSORING,
        ALREADY_SPONSORS(sponsor ? personName(sponsor) : 'The sponsor', recordName(to)),
      );
    }
    const fromName = recordName(from);
    const toName = recordName(to);
    await updateSponsorship(tx, id, {
      dateEnded: new Date(),
      endReason: `Moved to ${toName}: ${input.reason}`,
      linkCode: null,
    });
    const moved = await insertSponsorship(tx, {
      partnersId: ctx.partner.id,
      usersId: locked.usersId,
      sponsoredsId: to.id,
      numSlots: locked.numSlots,
      amount: locked.amount,
      interval: locked.interval,
      subscriptionsId: locked.subscriptionsId,
      isManual: locked.isManual,
      linkCode: locked.linkCode,
      linkedAt: locked.linkedAt,
    });
    await changeFilledSlots(tx, from.id, -locked.numSlots);
    await changeFilledSlots(tx, to.id, locked.numSlots);
    await emit(tx, 'sponsorship.moved', {
      partnersId: ctx.partner.id,
      userSponsoredsId: id,
      newUserSponsoredsId: moved.id,
      usersId: locked.usersId,
      fromName,
      toName,
      reason: input.reason,
      numSlots: locked.numSlots,
    });
    const told = await sponsorHasEmail(tx, locked.usersId);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsorship.moved',
      entityType: 'user_sponsored',
      entityId: id,
      before: { sponsoredsId: from.id },
      after: { sponsoredsId: to.id },
      details: {
        reason: input.reason,
        newSponsorshipId: moved.id,
        numSlots: locked.numSlots,
        sponsorTold: told,
      },
    });
    return moved.id;
  });
  return viewOf(deps.db, ctx, newId);
}

/** Link codes share the wrong-code throttle of gift and trial codes, under their own key. */
const LINK_CODE_KIND = 'link';
const tooManyLinkTries = (wait: number) =>
  refuse(ERRORS.CODE_TOO_MANY_TRIES, tooManyCodesMessage(wait), { 'Retry-After': String(wait) });

/**
 * POST link: the signed-in person attaches a manual sponsorship to their own account with its link
 * code (once). A code of another partner is not valid here. They can then pay it by card (the
 * cart's conversion line).
 */
export async function linkSponsorship(
  db: Db,
  ctx: SiteContext,
  typed: string,
  clientAddress: string,
): Promise<LinkedSponsorship> {
  assertSiteOpen(ctx);
  if (!ctx.viewer) throw unauthorized();
  const user = payerOf(ctx);
  const waiting = await codeThrottleWait(db, LINK_CODE_KIND, clientAddress);
  if (waiting !== null) throw tooManyLinkTries(waiting);
  const code = normaliseLinkCode(typed);
  const partnerOfCode = code ? await sponsorshipPartnerOfCode(db, code) : null;
  // An unknown code is what guessing produces: it is counted against the address, as gift codes
  // are. Another partner's code is not revealed: it is simply not a code of this site.
  if (!code || partnerOfCode !== ctx.partner.id) {
    const wait = await countWrongCode(db, LINK_CODE_KIND, clientAddress);
    if (wait !== null) throw tooManyLinkTries(wait);
    throw refuse(ERRORS.CODE_UNKNOWN, LINK_MESSAGES.invalid);
  }
  const id = await db.transaction(async (tx) => {
    const row = await findSponsorshipByCode(tx, code);
    if (!row || row.partnersId !== ctx.partner.id) throw refuse(ERRORS.CODE_UNKNOWN, LINK_MESSAGES.invalid);
    if (row.linkedAt) throw refuse(ERRORS.CODE_USED, LINK_MESSAGES.used);
    if (row.dateEnded) throw refuse(ERRORS.CODE_ENDED, LINK_MESSAGES.ended);
    if (
      row.usersId !== user.id &&
      (await activeSponsorshipOf(tx, ctx.partner.id, user.id, row.sponsoredsId))
    ) {
      const [record] = await tx
        .select({
          id: sponsoreds.id,
          firstName: sponsoreds.firstName,
          title: sponsoreds.title,
          sponsoredTypesId: sponsoreds.sponsoredTypesId,
        })
        .from(sponsoreds)
        .where(eqId(row.sponsoredsId));
      throw refuse(ERRORS.ALREADY_SPONSORING, MESSAGES.alreadySponsor(recordName(record!)));
    }
    await updateSponsorship(tx, row.id, { usersId: user.id, linkedAt: new Date() });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsorship.linked',
      entityType: 'user_sponsored',
      entityId: row.id,
      before: { usersId: row.usersId },
      after: { usersId: user.id },
    });
    return row.id;
  });
  const row = (await findSponsorship(db, ctx.partner.id, id))!;
  return {
    id: row.id,
    sponsoredsId: row.sponsoredsId,
    name: sponsoredRecordName(row, `record ${row.sponsoredsId}`),
    numSlots: row.numSlots,
  };
}
