import type { UpdateUser, User, UserExport } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { deletePaymentMethodRow, markSubscriptionCanceled } from '../../giving/index.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, forbidden, HttpError, unauthorized } from '../../../platform/errors.ts';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import type { RequestViewer, UserRow } from '../../../platform/viewer.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { findPartnerUsersOf, findUserSponsoreds } from './users.repository.ts';
import { normalizePhone, sponsorshipViews, userView } from './users.service.ts';
import {
  erasePerson,
  findGivingRows,
  findLiveGatewaySubscriptions,
  findLoginData,
  findSavedPaymentMethods,
  updatePersonDetails,
} from './user-data.repository.ts';

export const EDIT_OTHERS_MESSAGE = 'You can only change your own details.';
export const EXPORT_OTHERS_MESSAGE = 'You can only download your own data.';
export const DELETE_OTHERS_MESSAGE = 'You can only delete your own account.';
export const LOCALE_NOT_OFFERED_MESSAGE = 'This site does not offer that language.';
export const GATEWAY_UNAVAILABLE_ON_DELETE =
  'Your subscriptions could not be canceled with the payment provider right now, so nothing was deleted. Please try again later.';

/** These calls are the person's own: a signed-in viewer whose person record is this id, nobody else. */
function selfOnly(
  viewer: RequestViewer | null,
  usersId: number,
  message: string,
): asserts viewer is RequestViewer & { user: UserRow } {
  if (!viewer) throw unauthorized();
  if (!viewer.user || viewer.user.id !== usersId) throw forbidden(message);
}

/** PUT users/{id}: the new-user form's fields, except the email (the sign-in email). */
export async function updateOwnDetails(
  db: Db,
  ctx: SiteContext,
  usersId: number,
  body: UpdateUser,
): Promise<User> {
  selfOnly(ctx.viewer, usersId, EDIT_OTHERS_MESSAGE);
  if (body.locale && !ctx.partner.locales.includes(body.locale)) throw badRequest(LOCALE_NOT_OFFERED_MESSAGE);
  const values = {
    firstName: body.firstName,
    lastName: body.lastName,
    address1: body.address1,
    address2: body.address2 || null,
    city: body.city,
    state: body.state,
    zip: body.zip,
    phone: normalizePhone(body.phone),
    // The saved language (decision 070) changes only when the form sends it.
    ...(body.locale === undefined ? {} : { locale: body.locale }),
  };
  const before = ctx.viewer.user;
  const row = await db.transaction(async (tx) => {
    const updated = await updatePersonDetails(tx, usersId, values);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'user.updated',
      entityType: 'user',
      entityId: usersId,
      before: pick(before, Object.keys(values)),
      after: values,
    });
    return updated;
  });
  return userView(db, ctx.viewer, row ?? ctx.viewer.user, ctx.partner.id);
}

const iso = (d: Date) => d.toISOString();

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
}

/** GET users/{id}/export: everything held on the person, at every partner. */
export async function exportOwnData(db: Db, ctx: SiteContext, usersId: number): Promise<UserExport> {
  selfOnly(ctx.viewer, usersId, EXPORT_OTHERS_MESSAGE);
  const user = ctx.viewer.user;
  const [login, partnerUsers, sponsorships, giving] = await Promise.all([
    findLoginData(db, ctx.viewer.authUserId),
    findPartnerUsersOf(db, usersId),
    findUserSponsoreds(db, usersId, null),
    findGivingRows(db, usersId, user.email),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      email: login?.account.email ?? ctx.viewer.email,
      name: login?.account.name ?? '',
      emailVerified: login?.account.emailVerified ?? false,
      createdAt: login ? iso(login.account.createdAt) : iso(user.createdAt),
      logins: (login?.logins ?? []).map((l) => ({ providerId: l.providerId, createdAt: iso(l.createdAt) })),
      sessions: (login?.sessions ?? []).map((s) => ({
        createdAt: iso(s.createdAt),
        expiresAt: iso(s.expiresAt),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
    },
    user: {
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
      createdAt: iso(user.createdAt),
    },
    partnerUsers,
    sponsorships: await sponsorshipViews(db, ctx.viewer, sponsorships),
    ...giving,
  };
}

/**
 * DELETE users/{id}: the person's account goes; their donations and receipts stay for the
 * partners' records with the personal fields erased. Running subscriptions are canceled and saved
 * methods detached at the gateway first, each marked in the database as soon as the gateway
 * confirms (no transaction is held across a gateway call, and a retry does not repeat them); if
 * the gateway fails, nothing personal has been erased yet and the person can try again.
 */
export async function deleteOwnAccount(
  db: Db,
  gateway: PaymentGateway,
  ctx: SiteContext,
  usersId: number,
): Promise<{ endedSponsorships: number }> {
  selfOnly(ctx.viewer, usersId, DELETE_OTHERS_MESSAGE);
  try {
    for (const sub of await findLiveGatewaySubscriptions(db, usersId)) {
      if (sub.accountId && sub.gatewaySubscriptionId) {
        await gateway.cancelSubscription(
          { accountId: sub.accountId, currency: sub.currency },
          sub.gatewaySubscriptionId,
        );
      }
      await markSubscriptionCanceled(db, sub.id);
    }
    for (const method of await findSavedPaymentMethods(db, usersId)) {
      if (method.accountId) {
        await gateway.detachPaymentMethod(
          { accountId: method.accountId, currency: method.currency },
          method.gatewayPaymentMethodId,
        );
      }
      await deletePaymentMethodRow(db, method.id);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, GATEWAY_UNAVAILABLE_ON_DELETE);
  }
  return erasePerson(db, {
    usersId,
    authUserId: ctx.viewer.authUserId,
    email: ctx.viewer.user.email ?? ctx.viewer.email,
    partnersId: ctx.partner.id,
    actor: actorOf(ctx),
  });
}
