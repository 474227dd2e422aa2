import {
  Feature,
  LAST_ADMIN_MESSAGE,
  Role,
  type Invitation,
  type Problem,
  type RecordRow,
  type TeamMember,
} from '@kinship/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, partnerFeatures, staffInvitations } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { linksIn, readEml } from '../../../../test/eml.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople, TEST_AUTH_SECRET } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { invitationToken } from './invitation-token.ts';
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_PARTNER,
  INVITATION_REVOKED,
  INVITATION_USED,
  INVITATION_WRONG_ACCOUNT,
} from './team.service.ts';

let t: TestApp;
let admin: TestClient;
const Q = `partnersId=${DEMO_IDS.partners.demo}`;

async function signedIn(email: string, host = 'demo.localhost'): Promise<TestClient> {
  const client = t.client(host);
  await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
  return client;
}

/** The link of the newest invitation mail to an address, read from the outbox. */
async function linkMailedTo(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'invitation')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const link = /https?:\/\/\S+\/invitation\/(\S+)/.exec(mail!.bodyText);
  return link![1]!;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn('partner-admin@demo.example.org');
});

afterAll(async () => {
  await t?.close();
});

describe('the team list', () => {
  it('lists the staff with roles and program limits', async () => {
    const res = await admin.get(`/api/dashboard/team?${Q}`);
    expect(res.status).toBe(200);
    const team = res.json<TeamMember[]>();
    const programAdmin = team.find((m) => m.email === 'program-admin@demo.example.org')!;
    expect(programAdmin.entityIds).toEqual([DEMO_IDS.programAdminEntity]);
    const self = team.find((m) => m.isSelf)!;
    expect([self.email, self.roles, self.entityIds]).toEqual(['partner-admin@demo.example.org', [2], []]);
  });

  it('is refused to a Reporting person', async () => {
    const reporting = await signedIn('reporting@demo.example.org');
    const res = await reporting.get(`/api/dashboard/team?${Q}`);
    expect(res.status).toBe(403);
  });
});

describe('invitations', () => {
  it('names the roles in the invitation mail as staff read them ("Donor management")', async () => {
    const [person] = await createPeople(t.database, 1, 'invitee-roles');
    const made = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: person!.email,
      roles: [Role.DonorManagement],
      entityIds: [],
    });
    expect(made.status, made.text).toBe(201);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person!.email), eq(emailOutbox.kind, 'invitation')));
    expect(mail!.bodyText).toContain('(Donor management)');
    expect(mail!.bodyText).not.toContain('DonorManagement');
  });

  it('invites a person limited to one program, who signs in from the link and sees only that program', async () => {
    const [person] = await createPeople(t.database, 1, 'invitee');
    const made = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: person!.email.toUpperCase(),
      roles: [4],
      entityIds: [DEMO_IDS.programAdminEntity],
    });
    expect(made.status).toBe(201);
    expect(made.json<Invitation>()).toMatchObject({ email: person!.email, state: 'pending', roles: [4] });
    const token = await linkMailedTo(person!.email);

    const view = await t.client().get(`/api/invitations/${token}?${Q}`);
    expect(view.status).toBe(200);
    expect(view.json()).toMatchObject({ email: person!.email, state: 'pending', roles: [4] });

    const invitee = clientAs(t.port, person!);
    const before = await invitee.get(`/api/dashboard/partners?${Q}`);
    expect(before.json()).toEqual([]);
    const accepted = await invitee.post(`/api/invitations/${token}/accept?${Q}`, {});
    expect([accepted.status, accepted.json()]).toEqual([200, { partnersId: 2, roles: [4] }]);

    // The navigation follows at once: the person now staffs the partner, in one program.
    const partners = await invitee.get(`/api/dashboard/partners?${Q}`);
    expect(partners.json<{ id: number; actions: string[] }[]>()[0]!.actions).toContain('records.manage');
    const records = await invitee.get(
      `/api/dashboard/records?${Q}&type=${DEMO_IDS.types.demo.students}&pageSize=200`,
    );
    const rows = records.json<RecordRow[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.entitiesId === DEMO_IDS.programAdminEntity)).toBe(true);
    const outside = await invitee.get(
      `/api/dashboard/records/${DEMO_IDS.maskedNotSponsoredOtherEntity}?${Q}`,
    );
    expect(outside.status).toBe(403);

    // Single use.
    const again = await invitee.post(`/api/invitations/${token}/accept?${Q}`, {});
    expect([again.status, again.text]).toEqual([409, INVITATION_USED]);
    const list = await admin.get(`/api/dashboard/team/invitations?${Q}`);
    expect(list.json<Invitation[]>().find((i) => i.email === person!.email)!.state).toBe('accepted');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invitation.accepted'), eq(auditLog.entityId, String(person!.usersId))));
    expect(audit!.changes).toEqual({
      roles: { before: [], after: [4] },
      entityIds: { before: [], after: [DEMO_IDS.programAdminEntity] },
    });
  });

  it('a new person signs up from the link: the confirmation mail brings them back to the invitation, signed in, to join', async () => {
    const email = `new-staff-${Date.now()}@example.org`;
    const made = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email,
      roles: [3],
      entityIds: [],
    });
    expect(made.status).toBe(201);
    const token = await linkMailedTo(email);
    // The invitation page shows the invited address, which the sign-up form is filled with.
    const view = await t.client('demo.localhost').get(`/api/invitations/${token}`);
    expect(view.json()).toMatchObject({ email, state: 'pending' });

    const invitee = t.client('demo.localhost');
    const signUp = await invitee.post('/api/auth/sign-up/email', {
      name: 'Nell Newstaff',
      email,
      password: 'correct horse battery',
      callbackURL: `/invitation/${token}`,
    });
    expect(signUp.status, signUp.text).toBe(200);
    const url = new URL(linksIn(readEml(t.mailTo(email)[0]!)).find((l) => l.includes('/verify-email'))!);
    const opened = await invitee.get(`${url.pathname}${url.search}`);
    expect([opened.status, opened.headers.location]).toEqual([302, `/invitation/${token}`]);
    const accepted = await invitee.post(`/api/invitations/${token}/accept`, {});
    expect([accepted.status, accepted.json()]).toEqual([200, { partnersId: 2, roles: [3] }]);
  });

  it('refuses a link with a wrong signature, on another partner, or to another account', async () => {
    const [person, other] = await createPeople(t.database, 2, 'invitee');
    await admin.post(`/api/dashboard/team/invitations?${Q}`, { email: person!.email, roles: [3] });
    const token = await linkMailedTo(person!.email);
    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await clientAs(t.port, person!).post(`/api/invitations/${forged}/accept?${Q}`, {});
    expect([bad.status, bad.text]).toEqual([404, INVITATION_NOT_FOUND]);
    const junk = await t.client().get(`/api/invitations/not-a-token?${Q}`);
    expect([junk.status, junk.text]).toEqual([404, INVITATION_NOT_FOUND]);

    const onMaple = await clientAs(t.port, person!, 'maple.localhost').post(
      `/api/invitations/${token}/accept?partnersId=3`,
      {},
    );
    expect([onMaple.status, onMaple.text]).toEqual([400, INVITATION_OTHER_PARTNER]);

    const wrong = await clientAs(t.port, other!).post(`/api/invitations/${token}/accept?${Q}`, {});
    expect([wrong.status, wrong.text]).toEqual([403, INVITATION_WRONG_ACCOUNT(person!.email)]);

    const anonymous = await t.client().post(`/api/invitations/${token}/accept?${Q}`, {});
    expect(anonymous.status).toBe(401);
  });

  it('refuses an expired link, and a resend makes a new link that voids the old one', async () => {
    const [person] = await createPeople(t.database, 1, 'invitee');
    const made = (
      await admin.post(`/api/dashboard/team/invitations?${Q}`, { email: person!.email, roles: [5] })
    ).json<Invitation>();
    const first = await linkMailedTo(person!.email);
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, made.id));
    // The stored expiry is part of the signature: the link mailed earlier no longer matches, and a
    // link signed for the passed expiry is refused as expired.
    const [row] = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, made.id));
    const nonce = first.split('.')[1]!;
    const expiredLink = invitationToken(TEST_AUTH_SECRET, row!, nonce);
    const expired = await clientAs(t.port, person!).post(`/api/invitations/${expiredLink}/accept?${Q}`, {});
    expect([expired.status, expired.text]).toEqual([410, INVITATION_EXPIRED]);
    const listed = await admin.get(`/api/dashboard/team/invitations?${Q}`);
    expect(listed.json<Invitation[]>().find((i) => i.id === made.id)!.state).toBe('expired');

    const resent = await admin.post(`/api/dashboard/team/invitations/${made.id}/resend?${Q}`, {});
    expect(resent.json<Invitation>().state).toBe('pending');
    const second = await linkMailedTo(person!.email);
    expect(second).not.toBe(first);
    const old = await clientAs(t.port, person!).post(`/api/invitations/${first}/accept?${Q}`, {});
    expect(old.status).toBe(404);
    const ok = await clientAs(t.port, person!).post(`/api/invitations/${second}/accept?${Q}`, {});
    expect(ok.status).toBe(200);
  });

  it('names each invitation refusal by its code in x-error-code (decision 065)', async () => {
    const [person] = await createPeople(t.database, 1, 'invitee-codes');
    const made = (
      await admin.post(`/api/dashboard/team/invitations?${Q}`, { email: person!.email, roles: [5] })
    ).json<Invitation>();
    const again = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: person!.email,
      roles: [5],
    });
    expect([again.status, again.headers['x-error-code'], again.json<Problem>().code]).toEqual([
      400,
      'invitation_pending',
      'invitation_pending',
    ]);
    const link = await linkMailedTo(person!.email);
    const unknown = await clientAs(t.port, person!).post(`/api/invitations/${link}x/accept?${Q}`, {});
    expect([unknown.status, unknown.headers['x-error-code']]).toEqual([404, 'invitation_not_found']);
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, made.id));
    const [row] = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, made.id));
    const expiredLink = invitationToken(TEST_AUTH_SECRET, row!, link.split('.')[1]!);
    const expired = await clientAs(t.port, person!).post(`/api/invitations/${expiredLink}/accept?${Q}`, {});
    expect([expired.status, expired.headers['x-error-code'], expired.text]).toEqual([
      410,
      'invitation_expired',
      INVITATION_EXPIRED,
    ]);
    const me = (await admin.get(`/api/dashboard/team?${Q}`)).json<TeamMember[]>().find((m) => m.isSelf)!;
    const leave = await admin.request('DELETE', `/api/dashboard/team/${me.usersId}?${Q}`);
    expect([leave.status, leave.headers['x-error-code'], leave.text]).toEqual([
      409,
      'last_administrator',
      LAST_ADMIN_MESSAGE,
    ]);
  });

  it('words the invitation mail as the partner wrote it while email templates (feature 12) are on', async () => {
    const template = {
      subject: 'Join {{partnerName}}, from {{inviterName}}',
      body: 'Hi {{inviteeEmail}}!\n\nOur team link: {{invitationUrl}}',
    };
    const saved = await admin.request('PUT', `/api/dashboard/emailtemplates/invitation?${Q}`, template);
    expect(saved.status, saved.text).toBe(200);
    await t.database.db
      .insert(partnerFeatures)
      .values({ partnersId: DEMO_IDS.partners.demo, featuresId: Feature.EmailTemplates })
      .onConflictDoNothing();
    const [person] = await createPeople(t.database, 1, 'worded-invitee');
    const made = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: person!.email,
      roles: [3],
    });
    expect(made.status, made.text).toBe(201);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person!.email), eq(emailOutbox.kind, 'invitation')));
    expect(mail!.subject).toMatch(/^Join Bright Futures Demo, from /);
    expect(mail!.bodyText).toContain(`Hi ${person!.email}!`);
    expect(mail!.bodyHtml).toContain('Our team link:');
    // The link in the partner's wording is the working one.
    const token = await linkMailedTo(person!.email);
    const res = await clientAs(t.port, person!).post(`/api/invitations/${token}/accept?${Q}`, {});
    expect(res.status, res.text).toBe(200);
    await t.database.db
      .delete(partnerFeatures)
      .where(
        and(
          eq(partnerFeatures.partnersId, DEMO_IDS.partners.demo),
          eq(partnerFeatures.featuresId, Feature.EmailTemplates),
        ),
      );
  });

  it('withdraws an invitation, after which its link is refused', async () => {
    const [person] = await createPeople(t.database, 1, 'invitee');
    const made = (
      await admin.post(`/api/dashboard/team/invitations?${Q}`, { email: person!.email, roles: [3] })
    ).json<Invitation>();
    const token = await linkMailedTo(person!.email);
    const revoked = await admin.post(`/api/dashboard/team/invitations/${made.id}/revoke?${Q}`, {});
    expect(revoked.json<Invitation>().state).toBe('revoked');
    const res = await clientAs(t.port, person!).post(`/api/invitations/${token}/accept?${Q}`, {});
    expect([res.status, res.text]).toEqual([410, INVITATION_REVOKED]);
    const twice = await admin.post(`/api/dashboard/team/invitations/${made.id}/revoke?${Q}`, {});
    expect(twice.status).toBe(409);
  });

  it('refuses a role outside 2 to 6, a program of another partner and a second pending invitation', async () => {
    const badRole = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: 'someone@example.org',
      roles: [1],
    });
    expect(badRole.status).toBe(400);
    const otherProgram = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: 'someone@example.org',
      roles: [3],
      entityIds: [DEMO_IDS.mapleEntity],
    });
    expect(otherProgram.status).toBe(400);
    expect(otherProgram.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('entityIds');
    await admin.post(`/api/dashboard/team/invitations?${Q}`, { email: 'twice@example.org', roles: [3] });
    const twice = await admin.post(`/api/dashboard/team/invitations?${Q}`, {
      email: 'twice@example.org',
      roles: [3],
    });
    expect(twice.status).toBe(400);
  });
});

describe('roles, program limits and the last Administrator', () => {
  it('gives and takes roles and limits, which take effect on the next call', async () => {
    const [person] = await createPeople(t.database, 1, 'staff');
    const token = await (async () => {
      await admin.post(`/api/dashboard/team/invitations?${Q}`, { email: person!.email, roles: [3] });
      return linkMailedTo(person!.email);
    })();
    const client = clientAs(t.port, person!);
    await client.post(`/api/invitations/${token}/accept?${Q}`, {});
    expect((await client.get(`/api/dashboard/programs?${Q}`)).status).toBe(403);

    const changed = await admin.request('PUT', `/api/dashboard/team/${person!.usersId}?${Q}`, {
      roles: [4],
      entityIds: [DEMO_IDS.otherDemoEntity],
    });
    expect(changed.status).toBe(200);
    const programs = await client.get(`/api/dashboard/programs?${Q}`);
    expect(programs.status).toBe(200);
    expect(programs.json<{ programs: { id: number }[] }>().programs.map((p) => p.id)).toEqual([
      DEMO_IDS.otherDemoEntity,
    ]);

    const removed = await admin.request('DELETE', `/api/dashboard/team/${person!.usersId}?${Q}`);
    expect(removed.status).toBe(204);
    expect((await client.get(`/api/dashboard/partners?${Q}`)).json()).toEqual([]);
    expect((await admin.request('DELETE', `/api/dashboard/team/${person!.usersId}?${Q}`)).status).toBe(404);
  });

  it('refuses to let the last Administrator remove themselves or drop their Administrator role', async () => {
    const me = (await admin.get(`/api/dashboard/team?${Q}`)).json<TeamMember[]>().find((m) => m.isSelf)!;
    const drop = await admin.request('PUT', `/api/dashboard/team/${me.usersId}?${Q}`, {
      roles: [3],
      entityIds: [],
    });
    expect([drop.status, drop.text]).toEqual([409, LAST_ADMIN_MESSAGE]);
    const limit = await admin.request('PUT', `/api/dashboard/team/${me.usersId}?${Q}`, {
      roles: [2],
      entityIds: [DEMO_IDS.programAdminEntity],
    });
    expect(limit.status).toBe(409);
    const leave = await admin.request('DELETE', `/api/dashboard/team/${me.usersId}?${Q}`);
    expect([leave.status, leave.text]).toEqual([409, LAST_ADMIN_MESSAGE]);
    // Still an Administrator.
    expect((await admin.get(`/api/dashboard/team?${Q}`)).status).toBe(200);
  });

  it('lets an Administrator step down once another partner-wide Administrator exists', async () => {
    const maple = await signedIn('admin@maple.example.org', 'maple.localhost');
    const [person] = await createPeople(t.database, 1, 'second-admin');
    await maple.post(`/api/dashboard/team/invitations?partnersId=3`, { email: person!.email, roles: [2] });
    const token = await linkMailedTo(person!.email);
    const joined = await clientAs(t.port, person!, 'maple.localhost').post(
      `/api/invitations/${token}/accept?partnersId=3`,
      {},
    );
    expect(joined.status).toBe(200);
    const me = (await maple.get(`/api/dashboard/team?partnersId=3`))
      .json<TeamMember[]>()
      .find((m) => m.isSelf)!;
    const down = await maple.request('PUT', `/api/dashboard/team/${me.usersId}?partnersId=3`, {
      roles: [3],
      entityIds: [],
    });
    expect(down.status).toBe(200);
    expect((await maple.get(`/api/dashboard/team?partnersId=3`)).status).toBe(403);
  });
});
