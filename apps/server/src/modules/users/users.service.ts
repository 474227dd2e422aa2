import { isPartnerAdmin, type NewUser, type User, type UserSponsored } from '@kinship/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../db/client.ts';
import { actorOf, recordAudit, type AuditSource } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/viewer.ts';
import type { SiteContext } from '../sponsoreds/sponsoreds.service.ts';
import { findPartnerUsersOf, findUserById, findUserSponsoreds, insertUser } from './users.repository.ts';

export const NO_USER_RECORD = 'No user record exists for this account yet.';

type SponsorshipRow = Awaited<ReturnType<typeof findUserSponsoreds>>[number];

/** The person always sees their own sponsorships unmasked: they are the sponsor. */
export function sponsorshipView(row: SponsorshipRow): UserSponsored {
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
    sponsoreds: {
      id: row.sponsoredsId,
      firstName: row.firstName ?? row.title ?? '',
      lastName: row.dateEnded && (row.recordMasked || row.typeMasks) ? null : row.lastName,
      title: row.title,
      profileImagePath: row.dateEnded && (row.recordMasked || row.typeMasks) ? null : row.profileImagePath,
      masked: row.recordMasked || row.typeMasks,
      partnerSponsoredTypesId: row.partnerSponsoredTypesId,
    },
  };
}

/** The person record as the API answers it: roles everywhere, sponsorships at one partner. */
export async function userView(db: Db, user: UserRow, partnersId: number): Promise<User> {
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
    userSponsoreds: sponsorships.map(sponsorshipView),
  };
}

/** GET users/getByToken: 401 signed out; 404 for a signed-in account with no person record (a new user). */
export async function getUserByToken(db: Db, ctx: SiteContext): Promise<User> {
  if (!ctx.viewer) throw unauthorized();
  if (!ctx.viewer.user) throw notFound(NO_USER_RECORD);
  return userView(db, ctx.viewer.user, ctx.partner.id);
}

/** A phone number in E.164, US by default; a clear 400 when it is not a valid number. */
export function normalizePhone(phone: string | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed || !parsed.isValid()) throw badRequest(`Invalid Phone Number: ${phone}`);
  return parsed.number;
}

/** POST users: the new-user form creates the signed-in account's person record once. */
export async function createUser(db: Db, source: AuditSource, body: NewUser): Promise<User> {
  const viewer = source.viewer;
  if (!viewer) throw unauthorized();
  if (viewer.user) throw conflict('A user record already exists for this account.');
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
  if (!row) throw conflict('A user record already exists for this account.');
  return { ...(await userView(db, row, 0)), userSponsoreds: [] };
}

/** GET users/{id}/sponsoreds?partnersId=: the person themself, or an administrator of the partner. */
export async function getUserSponsoreds(db: Db, ctx: SiteContext, usersId: number): Promise<UserSponsored[]> {
  if (!ctx.viewer) throw unauthorized();
  const self = ctx.viewer.user?.id === usersId;
  if (!self && !isPartnerAdmin(ctx.viewer.permissions, ctx.partner.id)) {
    throw forbidden('You can only see your own sponsorships.');
  }
  if (!self && !(await findUserById(db, usersId))) throw notFound(`User ${usersId} was not found.`);
  return (await findUserSponsoreds(db, usersId, ctx.partner.id)).map(sponsorshipView);
}
