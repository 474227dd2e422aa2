import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/index.ts';
import type { AreaAudit, AuditContext } from '../../../test/audit-rows.ts';
import { freshAddress } from '../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { clientAs, type TestPerson } from '../../../test/people.ts';

/*
 * The people area's scenarios of the audit trail (apps/server/test/audit-trail.test.ts): the person's own
 * account, the team and its invitations. Each write route of the area has a scenario here, keyed by the
 * route as registered, or a reason in `notAudited`; what a scenario says and how it runs:
 * apps/server/test/audit-rows.ts.
 */

let teamCounter = 0;

/** A person on partner 2's staff with the Reporting role, made straight in the database. */
async function staffMember({ rows, person }: AuditContext): Promise<TestPerson> {
  const member = await person();
  await rows(sql`
    WITH pu AS (INSERT INTO partner_users (partners_id, users_id) VALUES (2, ${member.usersId}) RETURNING id)
    INSERT INTO partner_user_roles (partner_users_id, roles_id) SELECT id, 3 FROM pu`);
  return member;
}

/** An invitation made through the Team section, with the link mailed for it. */
async function invitation(
  { rows }: AuditContext,
  client: TestClient,
  email: string,
): Promise<{ id: number; token: string }> {
  const made = await client.post('/api/dashboard/team/invitations?partnersId=2', { email, roles: [3] });
  expect(made.status, made.text).toBe(201);
  const id = made.json<{ id: number }>().id;
  const [mail] = await rows(
    sql`SELECT body_text FROM email_outbox WHERE kind = 'invitation' AND to_address = ${email} ORDER BY id DESC LIMIT 1`,
  );
  return { id, token: /\/invitation\/(\S+)/.exec(String(mail!.body_text))![1]! };
}

export const peopleAudit: AreaAudit = {
  scenarios: {
    'POST /api/users': async ({ t, rows, person }) => {
      const who = await person();
      // A signed-in login that has not filled in the new-user form yet.
      await t.database.db.delete(users).where(eq(users.id, who.usersId));
      return {
        call: () =>
          clientAs(t.port, who).post(
            '/api/users?partnersId=2',
            {
              firstName: 'Audra',
              lastName: 'Trail',
              email: who.email,
              address1: '2 Audit Lane',
              city: 'Austin',
              state: 'TX',
              zip: '78701',
              phone: '',
            },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM users WHERE auth_user_id = ${who.authUserId}`)).length === 1,
        action: 'user.created',
        entityType: 'user',
        usersId: null,
      };
    },
    'PUT /api/users/:id': async ({ t, rows, person }) => {
      const who = await person();
      return {
        call: () =>
          clientAs(t.port, who).request(
            'PUT',
            `/api/users/${who.usersId}?partnersId=2`,
            {
              firstName: who.firstName,
              lastName: who.lastName,
              address1: '1 Test Street',
              city: 'Dallas',
              state: 'TX',
              zip: '78701',
              phone: '',
            },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT city FROM users WHERE id = ${who.usersId}`))[0]!.city === 'Dallas',
        action: 'user.updated',
        entityType: 'user',
        usersId: who.usersId,
        changes: { city: { before: 'Austin', after: 'Dallas' } },
      };
    },
    'DELETE /api/users/:id': async ({ t, rows, person }) => {
      const who = await person();
      return {
        call: () =>
          clientAs(t.port, who).request(
            'DELETE',
            `/api/users/${who.usersId}?partnersId=2`,
            undefined,
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT erased_at FROM users WHERE id = ${who.usersId}`))[0]!.erased_at !== null,
        action: 'user.erased',
        entityType: 'user',
        usersId: who.usersId,
      };
    },
    'PUT /api/dashboard/team/:usersId': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const member = await staffMember(ctx);
      return {
        call: () =>
          client.request(
            'PUT',
            `/api/dashboard/team/${member.usersId}?partnersId=2`,
            { roles: [5], entityIds: [] },
            freshAddress(),
          ),
        written: async () =>
          (
            await rows(sql`SELECT 1 FROM partner_user_roles r JOIN partner_users pu ON pu.id = r.partner_users_id
            WHERE pu.users_id = ${member.usersId} AND pu.partners_id = 2 AND r.roles_id = 5`)
          ).length === 1,
        action: 'team_member.updated',
        entityType: 'user',
        usersId,
        changes: { roles: { before: [3], after: [5] } },
      };
    },
    'DELETE /api/dashboard/team/:usersId': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const member = await staffMember(ctx);
      return {
        call: () =>
          client.request(
            'DELETE',
            `/api/dashboard/team/${member.usersId}?partnersId=2`,
            undefined,
            freshAddress(),
          ),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM partner_users WHERE users_id = ${member.usersId} AND partners_id = 2`,
            )
          ).length === 0,
        action: 'team_member.removed',
        entityType: 'user',
        usersId,
      };
    },
    'POST /api/dashboard/team/invitations': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const email = `audit-invite-${++teamCounter}-${randomUUID().slice(0, 8)}@example.org`;
      return {
        call: () =>
          client.post('/api/dashboard/team/invitations?partnersId=2', { email, roles: [3] }, freshAddress()),
        written: async () =>
          (await rows(sql`SELECT 1 FROM staff_invitations WHERE email = ${email}`)).length === 1 &&
          (await rows(sql`SELECT 1 FROM email_outbox WHERE to_address = ${email}`)).length === 1,
        action: 'invitation.created',
        entityType: 'invitation',
        usersId,
      };
    },
    'POST /api/dashboard/team/invitations/:id/resend': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const email = `audit-resend-${++teamCounter}-${randomUUID().slice(0, 8)}@example.org`;
      const { id } = await invitation(ctx, client, email);
      const [before] = await rows(sql`SELECT nonce_hash FROM staff_invitations WHERE id = ${id}`);
      return {
        call: () =>
          client.post(`/api/dashboard/team/invitations/${id}/resend?partnersId=2`, {}, freshAddress()),
        written: async () =>
          (await rows(sql`SELECT nonce_hash FROM staff_invitations WHERE id = ${id}`))[0]!.nonce_hash !==
          before!.nonce_hash,
        action: 'invitation.resent',
        entityType: 'invitation',
        usersId,
      };
    },
    'POST /api/dashboard/team/invitations/:id/revoke': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const email = `audit-revoke-${++teamCounter}-${randomUUID().slice(0, 8)}@example.org`;
      const { id } = await invitation(ctx, client, email);
      return {
        call: () =>
          client.post(`/api/dashboard/team/invitations/${id}/revoke?partnersId=2`, {}, freshAddress()),
        written: async () =>
          (await rows(sql`SELECT status FROM staff_invitations WHERE id = ${id}`))[0]!.status === 'revoked',
        action: 'invitation.revoked',
        entityType: 'invitation',
        usersId,
        changes: { status: { before: 'pending', after: 'revoked' } },
      };
    },
    'POST /api/invitations/:token/accept': async (ctx) => {
      const { t, rows, person, partnerAdmin } = ctx;
      const { client } = await partnerAdmin();
      const invitee = await person();
      const { token } = await invitation(ctx, client, invitee.email);
      return {
        call: () =>
          clientAs(t.port, invitee).post(`/api/invitations/${token}/accept?partnersId=2`, {}, freshAddress()),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM partner_users WHERE users_id = ${invitee.usersId} AND partners_id = 2`,
            )
          ).length === 1,
        action: 'invitation.accepted',
        entityType: 'user',
        usersId: invitee.usersId,
        changes: { roles: { before: [], after: [3] } },
      };
    },
  },
  notAudited: {},
};
