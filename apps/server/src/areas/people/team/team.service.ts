import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import {
  INVITATION_TTL_DAYS,
  LAST_ADMIN_MESSAGE,
  formatDateIn,
  roleLabel,
  Role,
  ERRORS,
  type Invitation,
  type InvitationLink,
  type InvitationState,
  type TeamMember,
  type invitationInputSchema,
  type teamMemberUpdateSchema,
} from '@kinship/domain';
import type { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { fieldErrors, unauthorized, refuse } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { findPartnerById, partnerEmail } from '../../partners/index.ts';
import {
  hashNonce,
  invitationToken,
  newNonce,
  parseInvitationToken,
  tokenMatches,
} from './invitation-token.ts';
import {
  countPartnerWideAdmins,
  deleteMembership,
  ensureMembership,
  ensurePerson,
  findInvitation,
  insertInvitation,
  listInvitationRows,
  listMemberships,
  lockInvitation,
  lockPartner,
  openInvitationFor,
  partnerNameOf,
  programIdsOf,
  replaceAccess,
  savedLocaleOfAddress,
  updateInvitation,
  type InvitationRow,
  type Membership,
} from './team.repository.ts';
import { partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';
import { emit, type EventPayload } from '../../../platform/events.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { intlFor, sayIn, type Say } from '../../../platform/messages.ts';

// The dashboard's Team section (issue 14 item 3, decision 045). Every call needs team.manage
// (partner-wide Administrators and platform administrators), except the invitation link's own two
// calls, which the invited person makes. Every write is one transaction with its audit row.

type MemberUpdate = z.output<typeof teamMemberUpdateSchema>;
type InvitationValues = z.output<typeof invitationInputSchema>;
export type TeamConfig = Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL' | 'PORT'>;

export const MEMBER_NOT_FOUND = 'This person is not on the team of this partner.';
export const INVITATION_NOT_FOUND = 'This invitation does not exist or its link is not valid.';
export const INVITATION_OTHER_PARTNER = "This invitation is for another partner's site.";
export const INVITATION_EXPIRED = 'This invitation has expired. Ask for a new one.';
export const INVITATION_REVOKED = 'This invitation was withdrawn.';
export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_PENDING_EXISTS = 'This address already has a pending invitation: resend it instead.';
export const ALREADY_ON_TEAM = 'This person is already on the team: change their roles instead.';
export const INVITATION_WRONG_ACCOUNT = (email: string) =>
  `This invitation was sent to ${email}. Sign in with that address to accept it.`;
export const NOT_PENDING = 'Only a pending invitation can be resent or withdrawn.';

const DAY_MS = 24 * 60 * 60 * 1000;

function memberView(m: Membership, ctx: SiteContext): TeamMember {
  return {
    usersId: m.usersId,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    roles: m.roles,
    entityIds: m.entityIds,
    isSelf: ctx.viewer?.user?.id === m.usersId,
  };
}

export async function listTeam(db: Db, ctx: SiteContext): Promise<TeamMember[]> {
  requireAccess(ctx, 'team.manage');
  return (await listMemberships(db, ctx.partner.id)).map((m) => memberView(m, ctx));
}

async function checkPrograms(db: Db | Tx, partnersId: number, entityIds: readonly number[]): Promise<void> {
  if (entityIds.length === 0) return;
  const programs = await programIdsOf(db, partnersId);
  const unknown = entityIds.filter((id) => !programs.has(id));
  if (unknown.length > 0)
    throw fieldErrors({ entityIds: `These programs are not this partner's: ${unknown.join(', ')}.` });
}

const isPartnerWideAdmin = (m: { roles: readonly number[]; entityIds: readonly number[] }) =>
  m.roles.includes(Role.Administrator) && m.entityIds.length === 0;

/** Refuses a change that would leave the partner without a partner-wide Administrator. */
async function keepAnAdministrator(
  tx: Tx,
  partnersId: number,
  before: Membership,
  after: MemberUpdate | null,
) {
  if (!isPartnerWideAdmin(before) || (after && isPartnerWideAdmin(after))) return;
  if ((await countPartnerWideAdmins(tx, partnersId)) <= 1)
    throw refuse(ERRORS.LAST_ADMINISTRATOR, LAST_ADMIN_MESSAGE);
}

export async function updateMember(
  db: Db,
  ctx: SiteContext,
  usersId: number,
  values: MemberUpdate,
): Promise<TeamMember> {
  requireAccess(ctx, 'team.manage');
  await checkPrograms(db, ctx.partner.id, values.entityIds);
  return db.transaction(async (tx) => {
    await lockPartner(tx, ctx.partner.id);
    const [before] = await listMemberships(tx, ctx.partner.id, usersId);
    if (!before) throw refuse(ERRORS.MEMBER_NOT_FOUND, MEMBER_NOT_FOUND);
    await keepAnAdministrator(tx, ctx.partner.id, before, values);
    await replaceAccess(tx, before.partnerUsersId, values.roles, values.entityIds);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'team_member.updated',
      entityType: 'user',
      entityId: usersId,
      before: { roles: before.roles, entityIds: before.entityIds },
      after: { roles: values.roles, entityIds: values.entityIds },
    });
    return memberView({ ...before, roles: values.roles, entityIds: values.entityIds }, ctx);
  });
}

export async function removeMember(db: Db, ctx: SiteContext, usersId: number): Promise<void> {
  requireAccess(ctx, 'team.manage');
  await db.transaction(async (tx) => {
    await lockPartner(tx, ctx.partner.id);
    const [before] = await listMemberships(tx, ctx.partner.id, usersId);
    if (!before) throw refuse(ERRORS.MEMBER_NOT_FOUND, MEMBER_NOT_FOUND);
    await keepAnAdministrator(tx, ctx.partner.id, before, null);
    await deleteMembership(tx, before.partnerUsersId);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'team_member.removed',
      entityType: 'user',
      entityId: usersId,
      before: { roles: before.roles, entityIds: before.entityIds },
      after: null,
    });
  });
}

// ---------------------------------------------------------------------------------- invitations

function stateOf(row: InvitationRow, now = new Date()): InvitationState {
  if (row.status === 'accepted') return 'accepted';
  if (row.status === 'revoked') return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function invitationView(
  row: InvitationRow,
  inviter: { first: string | null; last: string | null; email: string | null } | null,
): Invitation {
  const name = inviter ? [inviter.first, inviter.last].filter(Boolean).join(' ') || inviter.email : null;
  return {
    id: row.id,
    email: row.email,
    roles: row.roles,
    entityIds: row.entityIds,
    state: stateOf(row),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    invitedBy: name ?? null,
  };
}

export async function listInvitations(db: Db, ctx: SiteContext): Promise<Invitation[]> {
  requireAccess(ctx, 'team.manage');
  const rows = await listInvitationRows(db, ctx.partner.id);
  return rows.map((r) =>
    invitationView(r.invitation, { first: r.inviterFirst, last: r.inviterLast, email: r.inviterEmail }),
  );
}

/** Queues the invitation's mail with a link signed for its current nonce. */
/** Emits staff.invited for a new link: its subscriber (below) queues the invitation mail. */
async function emitInvitation(
  tx: Tx,
  ctx: SiteContext,
  config: TeamConfig,
  row: InvitationRow,
  nonce: string,
): Promise<void> {
  const inviter = ctx.viewer?.user
    ? [ctx.viewer.user.firstName, ctx.viewer.user.lastName].filter(Boolean).join(' ') || ctx.viewer.email
    : (ctx.viewer?.email ?? 'An administrator');
  await emit(tx, 'staff.invited', {
    partnersId: ctx.partner.id,
    invitationsId: row.id,
    nonceKey: row.nonceHash.slice(0, 16),
    token: invitationToken(config.AUTH_SECRET, row, nonce),
    inviterName: inviter,
  });
}

/** The built-in invitation's words (decision 073); the English defaults are today's mail. */
export const invitationMessages = defineMessages({
  subject: { id: 'mail.invitation.subject', defaultMessage: 'You are invited to join {partnerName}' },
  invites: {
    id: 'mail.invitation.invites',
    defaultMessage: '{inviterName} invites you to join the team of {partnerName} ({roles}).',
  },
  follow: {
    id: 'mail.invitation.follow',
    defaultMessage: 'Follow this link to accept. You can sign up or sign in with this address there:',
  },
  expires: {
    id: 'mail.invitation.expires',
    defaultMessage: 'The link works once and until {date}. If you did not expect it, ignore this message.',
  },
  administrator: { id: 'mail.invitation.role.administrator', defaultMessage: 'Administrator' },
  reporting: { id: 'mail.invitation.role.reporting', defaultMessage: 'Reporting' },
  management: { id: 'mail.invitation.role.management', defaultMessage: 'Management' },
  messages: { id: 'mail.invitation.role.messages', defaultMessage: 'Messages' },
  donorManagement: { id: 'mail.invitation.role.donorManagement', defaultMessage: 'Donor management' },
  unknownRole: { id: 'mail.invitation.role.unknown', defaultMessage: 'Role {role}' },
});

/** A role's name in the invitation's language. */
function roleName(say: Say, id: number): string {
  const m = invitationMessages;
  const known: Record<number, MessageDescriptor> = {
    [Role.Administrator]: m.administrator,
    [Role.Reporting]: m.reporting,
    [Role.Management]: m.management,
    [Role.Messages]: m.messages,
    [Role.DonorManagement]: m.donorManagement,
  };
  return known[id] ? say(known[id]) : say(m.unknownRole, { role: String(id) });
}

/**
 * The subscriber of staff.invited (decision 063): queues the invitation mail, once per link. A
 * link replaced before its mail was queued (a resend) is not mailed: the newer one is.
 */
export async function queueInvitationMail(
  tx: Tx,
  config: TeamConfig,
  input: EventPayload<'staff.invited'>,
): Promise<void> {
  const row = await findInvitation(tx, input.invitationsId);
  const partner = await findPartnerById(tx, input.partnersId);
  if (!row || !partner || row.nonceHash.slice(0, 16) !== input.nonceKey) return;
  const link = partnerSiteUrl(partner, `/invitation/${input.token}`, config);
  // The invited person's saved language when the address already has an account, else the
  // partner's default: the team works in it (decision 073).
  const locale = localeOfRecipient(partner, await savedLocaleOfAddress(tx, row.email));
  const say = sayIn(locale);
  const roles =
    locale === 'en-US'
      ? row.roles.map((r) => roleLabel(r)).join(', ')
      : intlFor(locale).formatList(
          row.roles.map((r) => roleName(say, r)),
          { type: 'unit' },
        );
  const inviter = input.inviterName;
  const expires = row.expiresAt.toISOString().slice(0, 10);
  const text = [
    say(invitationMessages.invites, { inviterName: inviter, partnerName: partner.name, roles }),
    '',
    say(invitationMessages.follow),
    link,
    '',
    say(invitationMessages.expires, { date: locale === 'en-US' ? expires : formatDateIn(locale, expires) }),
  ].join('\n');
  // The partner's own wording when it has one (feature 12, decision 044), else the default above.
  const own = await partnerEmail(
    tx,
    partner,
    'invitation',
    { inviteeEmail: row.email, inviterName: inviter, invitationUrl: link },
    {
      partner,
      logoUrl: partner.logo ? partnerSiteUrl(partner, `/media/${partner.logo}`, config) : null,
    },
    undefined,
    locale,
  );
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'invitation',
    dedupeKey: `invitation:${row.id}:${row.nonceHash.slice(0, 16)}`,
    toAddress: row.email,
    subject: own?.subject ?? say(invitationMessages.subject, { partnerName: partner.name }),
    bodyText: own?.text ?? text,
    ...(own ? { bodyHtml: own.html } : {}),
  });
}

export async function createInvitation(
  db: Db,
  ctx: SiteContext,
  config: TeamConfig,
  values: InvitationValues,
): Promise<Invitation> {
  requireAccess(ctx, 'team.manage');
  await checkPrograms(db, ctx.partner.id, values.entityIds);
  const members = await listMemberships(db, ctx.partner.id);
  if (members.some((m) => m.email?.toLowerCase() === values.email && m.roles.length > 0))
    throw fieldErrors({ email: ALREADY_ON_TEAM }, undefined, ERRORS.ALREADY_ON_TEAM);
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockPartner(tx, ctx.partner.id);
    if (await openInvitationFor(tx, ctx.partner.id, values.email, now))
      throw fieldErrors({ email: INVITATION_PENDING_EXISTS }, undefined, ERRORS.INVITATION_PENDING);
    const nonce = newNonce();
    const row = await insertInvitation(tx, {
      partnersId: ctx.partner.id,
      email: values.email,
      roles: values.roles,
      entityIds: values.entityIds,
      nonceHash: hashNonce(nonce),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      invitedBy: ctx.viewer?.user?.id ?? null,
    });
    await emitInvitation(tx, ctx, config, row, nonce);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'invitation.created',
      entityType: 'invitation',
      entityId: row.id,
      after: { email: row.email, roles: row.roles, entityIds: row.entityIds },
    });
    return invitationView(row, null);
  });
}

async function lockOwnInvitation(tx: Tx, ctx: SiteContext, id: number): Promise<InvitationRow> {
  const row = await lockInvitation(tx, id);
  if (!row || row.partnersId !== ctx.partner.id)
    throw refuse(ERRORS.INVITATION_NOT_FOUND, INVITATION_NOT_FOUND);
  return row;
}

/** A new link (new nonce and expiry; the earlier link stops working), mailed again. */
export async function resendInvitation(
  db: Db,
  ctx: SiteContext,
  config: TeamConfig,
  id: number,
): Promise<Invitation> {
  requireAccess(ctx, 'team.manage');
  return db.transaction(async (tx) => {
    const before = await lockOwnInvitation(tx, ctx, id);
    if (before.status !== 'pending') throw refuse(ERRORS.INVITATION_NOT_PENDING, NOT_PENDING);
    const nonce = newNonce();
    const row = await updateInvitation(tx, id, {
      nonceHash: hashNonce(nonce),
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
    });
    await emitInvitation(tx, ctx, config, row, nonce);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'invitation.resent',
      entityType: 'invitation',
      entityId: id,
      before: { expiresAt: before.expiresAt },
      after: { expiresAt: row.expiresAt },
    });
    return invitationView(row, null);
  });
}

export async function revokeInvitation(db: Db, ctx: SiteContext, id: number): Promise<Invitation> {
  requireAccess(ctx, 'team.manage');
  return db.transaction(async (tx) => {
    const before = await lockOwnInvitation(tx, ctx, id);
    if (before.status !== 'pending') throw refuse(ERRORS.INVITATION_NOT_PENDING, NOT_PENDING);
    const row = await updateInvitation(tx, id, { status: 'revoked', revokedAt: new Date() });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'invitation.revoked',
      entityType: 'invitation',
      entityId: id,
      before: { status: before.status },
      after: { status: row.status },
    });
    return invitationView(row, null);
  });
}

// ------------------------------------------------------------------ the invitation link's calls

/** The invitation of a link, checked: this installation's signature, its current nonce, this site. */
async function invitationOfLink(db: Db | Tx, ctx: SiteContext, secret: string, token: string, lock?: Tx) {
  const parsed = parseInvitationToken(token);
  if (!parsed) throw refuse(ERRORS.INVITATION_NOT_FOUND, INVITATION_NOT_FOUND);
  const row = lock ? await lockInvitation(lock, parsed.id) : await findInvitation(db, parsed.id);
  if (!row || !tokenMatches(secret, parsed, row))
    throw refuse(ERRORS.INVITATION_NOT_FOUND, INVITATION_NOT_FOUND);
  if (row.partnersId !== ctx.partner.id)
    throw refuse(ERRORS.INVITATION_OTHER_PARTNER, INVITATION_OTHER_PARTNER);
  return row;
}

export async function readInvitationLink(
  db: Db,
  ctx: SiteContext,
  secret: string,
  token: string,
): Promise<InvitationLink> {
  const row = await invitationOfLink(db, ctx, secret, token);
  const programs = await programIdsOf(db, ctx.partner.id);
  return {
    partnerName: (await partnerNameOf(db, row.partnersId)) ?? ctx.partner.name,
    email: row.email,
    roles: row.roles,
    programs: row.entityIds.map((id) => programs.get(id)).filter((n): n is string => Boolean(n)),
    state: stateOf(row),
  };
}

/**
 * The signed-in person joins the partner's staff with the invitation's roles and programs. The
 * link works once, before it expires, on its partner's site, for the address it was sent to.
 */
export async function acceptInvitation(
  db: Db,
  ctx: SiteContext,
  secret: string,
  token: string,
): Promise<{ partnersId: number; roles: number[] }> {
  const viewer = ctx.viewer;
  if (!viewer) throw unauthorized();
  return db.transaction(async (tx) => {
    const row = await invitationOfLink(tx, ctx, secret, token, tx);
    const state = stateOf(row);
    if (state === 'accepted') throw refuse(ERRORS.INVITATION_USED, INVITATION_USED);
    if (state === 'revoked') throw refuse(ERRORS.INVITATION_REVOKED, INVITATION_REVOKED);
    if (state === 'expired') throw refuse(ERRORS.INVITATION_EXPIRED, INVITATION_EXPIRED);
    if (viewer.email.trim().toLowerCase() !== row.email)
      throw refuse(ERRORS.INVITATION_WRONG_ACCOUNT, INVITATION_WRONG_ACCOUNT(row.email));
    await lockPartner(tx, ctx.partner.id);
    const usersId = await ensurePerson(tx, viewer.authUserId, viewer.email);
    const partnerUsersId = await ensureMembership(tx, ctx.partner.id, usersId);
    const [before] = await listMemberships(tx, ctx.partner.id, usersId);
    // Joining adds to what the person already holds: their roles and the invitation's together; a
    // program limit stays only when both are limited (one partner-wide grant makes them partner-wide).
    const roles = [...new Set([...(before?.roles ?? []), ...row.roles])].sort((a, b) => a - b);
    const hadRoles = (before?.roles.length ?? 0) > 0;
    const entityIds = !hadRoles
      ? row.entityIds
      : before!.entityIds.length === 0 || row.entityIds.length === 0
        ? []
        : [...new Set([...before!.entityIds, ...row.entityIds])].sort((a, b) => a - b);
    const programs = await programIdsOf(tx, ctx.partner.id);
    await replaceAccess(
      tx,
      partnerUsersId,
      roles,
      entityIds.filter((id) => programs.has(id)),
    );
    await updateInvitation(tx, row.id, { status: 'accepted', acceptedAt: new Date(), acceptedBy: usersId });
    const actor = actorOf(ctx);
    await recordAudit(tx, {
      actor: { ...actor, usersId },
      partnersId: ctx.partner.id,
      action: 'invitation.accepted',
      entityType: 'user',
      entityId: usersId,
      before: { roles: before?.roles ?? [], entityIds: before?.entityIds ?? [] },
      after: { roles, entityIds },
      details: { invitationId: row.id },
    });
    return { partnersId: ctx.partner.id, roles };
  });
}
