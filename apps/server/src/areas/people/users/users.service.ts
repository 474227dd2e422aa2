import {
  trialReminderDate,
  ERRORS,
  type NewUser,
  type RecordRights,
  type User,
  type UserSponsored,
} from '@kinship/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit, type AuditSource } from '../../../platform/audit.ts';
import { notFound, unauthorized, refuse } from '../../../platform/errors.ts';
import type { RequestViewer, UserRow } from '../../../platform/viewer.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { viewerRightsOver, visibleFieldsFor } from '../../records/index.ts';
import {
  findPartnerUsersOf,
  findUserSponsoreds,
  insertUser,
  isPersonKnownToPartner,
} from './users.repository.ts';

export const NO_USER_RECORD = 'No user record exists for this account yet.';

type SponsorshipRow = Awaited<ReturnType<typeof findUserSponsoreds>>[number];

/**
 * One sponsorship as an answer carries it. The record's card unmasks by the VIEWER's rights over
 * the record (sponsor of it now, or administering its program), whoever's sponsorship it is: the
 * person sees their own active sponsorships in full, a program administrator sees another
 * person's sponsorship of a masked child outside their program masked.
 */
export function sponsorshipView(row: SponsorshipRow, rights: RecordRights): UserSponsored {
  const visible = visibleFieldsFor(row, rights);
  return {
    id: row.id,
    sponsoredsId: row.sponsoredsId,
    partnersId: row.partnersId,
    numSlots: row.numSlots,
    amount: row.amount,
    interval: row.interval as UserSponsored['interval'],
    dateStarted: row.dateStarted.toISOString(),
    dateEnded: row.dateEnded ? row.dateEnded.toISOString() : null,
    subscriptionsId: row.subscriptionsId,
    isManual: row.isManual,
    // A trial until it is paid for: a converted one has its subscription and is a sponsorship like any other.
    trial:
      row.trialEndsAt && row.isManual && !row.subscriptionsId
        ? {
            endsAt: row.trialEndsAt.toISOString(),
            reminderAt: trialReminderDate(row.trialEndsAt).toISOString(),
            remindedAt: row.trialRemindedAt?.toISOString() ?? null,
          }
        : null,
    sponsoreds: {
      id: row.sponsoredsId,
      firstName: row.firstName ?? row.title ?? '',
      lastName: visible.lastName ? row.lastName : null,
      title: row.title,
      profileImagePath: visible.profilePicture ? row.profileImagePath : null,
      masked: row.recordMasked || row.typeMasks,
      partnerSponsoredTypesId: row.partnerSponsoredTypesId,
      sponsoredTypesId: row.sponsoredTypesId,
    },
  };
}

/** Sponsorships as `viewer` may see them (one query for the viewer's rights over all of them). */
export async function sponsorshipViews(
  db: Db,
  viewer: RequestViewer | null,
  rows: SponsorshipRow[],
): Promise<UserSponsored[]> {
  const refOf = (r: SponsorshipRow) => ({
    id: r.sponsoredsId,
    partnersId: r.recordPartnersId,
    entitiesId: r.entitiesId,
  });
  const rightsOver = await viewerRightsOver(db, viewer, rows.map(refOf));
  return rows.map((r) => sponsorshipView(r, rightsOver(refOf(r))));
}

/** The person record as the API answers it to `viewer` (the person themself): roles everywhere, sponsorships at one partner. */
export async function userView(
  db: Db,
  viewer: RequestViewer | null,
  user: UserRow,
  partnersId: number,
): Promise<User> {
  const [partnerUsers, sponsorships] = await Promise.all([
    findPartnerUsersOf(db, user.id),
    findUserSponsoreds(db, user.id, partnersId),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    address1: user.address1,
    address2: user.address2,
    city: user.city,
    state: user.state,
    zip: user.zip,
    phone: user.phone,
    tempAccount: user.tempAccount,
    partnerUsers,
    userSponsoreds: await sponsorshipViews(db, viewer, sponsorships),
  };
}

/** GET users/getByToken: 401 signed out; 404 for a signed-in account with no person record (a new user). */
export async function getUserByToken(db: Db, ctx: SiteContext): Promise<User> {
  if (!ctx.viewer) throw unauthorized();
  if (!ctx.viewer.user) throw notFound(NO_USER_RECORD);
  return userView(db, ctx.viewer, ctx.viewer.user, ctx.partner.id);
}

/** A phone number in E.164, US by default; a clear 400 when it is not a valid number. */
export function normalizePhone(phone: string | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed || !parsed.isValid()) throw refuse(ERRORS.PHONE_INVALID, `Invalid Phone Number: ${phone}`);
  return parsed.number;
}

/** POST users: the new-user form creates the signed-in account's person record once. */
export async function createUser(db: Db, source: AuditSource, body: NewUser): Promise<User> {
  const viewer = source.viewer;
  if (!viewer) throw unauthorized();
  if (viewer.user) throw refuse(ERRORS.PROFILE_EXISTS, 'A user record already exists for this account.');
  const values = {
    authUserId: viewer.authUserId,
    firstName: body.firstName,
    lastName: body.lastName,
    // The sign-in email is the person's email; the form cannot point the record at another inbox.
    email: viewer.email,
    address1: body.address1,
    address2: body.address2 || null,
    city: body.city,
    state: body.state,
    zip: body.zip,
    phone: normalizePhone(body.phone),
  };
  const row = await db.transaction(async (tx) => {
    const inserted = await insertUser(tx, values);
    if (inserted) {
      await recordAudit(tx, {
        actor: actorOf(source),
        partnersId: null,
        action: 'user.created',
        entityType: 'user',
        entityId: inserted.id,
        after: values,
      });
    }
    return inserted;
  });
  if (!row) throw refuse(ERRORS.PROFILE_EXISTS, 'A user record already exists for this account.');
  return { ...(await userView(db, viewer, row, 0)), userSponsoreds: [] };
}

export const SPONSORSHIPS_OF_OTHERS_MESSAGE = 'You can only see your own sponsorships.';
export const personNotFound = (usersId: number) => `User ${usersId} was not found.`;

/**
 * GET users/{id}/sponsoreds?partnersId=: the person themself, or an administrator of the partner.
 * A person unknown to this partner (of another partner only, or no such id) is one and the same
 * 404, and each record unmasks by the viewer's rights over it, not the person's.
 */
export async function getUserSponsoreds(db: Db, ctx: SiteContext, usersId: number): Promise<UserSponsored[]> {
  if (!ctx.viewer) throw unauthorized();
  if (ctx.viewer.user?.id === usersId) {
    return sponsorshipViews(db, ctx.viewer, await findUserSponsoreds(db, usersId, ctx.partner.id));
  }
  // Someone else's: staff who see sponsors, limited to their programs' records.
  const scope = requireAccess(ctx, 'sponsors.view', {}, SPONSORSHIPS_OF_OTHERS_MESSAGE);
  if (!(await isPersonKnownToPartner(db, usersId, ctx.partner.id)))
    throw refuse(ERRORS.PERSON_NOT_FOUND, personNotFound(usersId));
  return sponsorshipViews(
    db,
    ctx.viewer,
    await findUserSponsoreds(db, usersId, ctx.partner.id, false, scope),
  );
}
