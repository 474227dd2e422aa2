import type { UserExport } from '@kinship/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import {
  auditLog,
  authSession,
  authUser,
  donations,
  messages,
  occasions,
  orders,
  partnerUsers,
  paymentMethods,
  payments,
  sponsoreds,
  subscriptions,
  users,
  userSponsoreds,
} from '../../../db/schema/index.ts';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import { DEMO_IDS } from '../../../seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const details = {
  firstName: 'Samuel',
  lastName: 'Okafor-Lee',
  address1: '600 Congress Avenue',
  address2: 'Suite 12',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512 555 0190',
};

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function signedIn(email: string, password: string) {
  const client = t.client();
  await client.signIn(email, password);
  return client;
}

describe('POST /api/users (the new-user form)', () => {
  it('refuses an invalid phone number with the spec’s message', async () => {
    const client = t.client();
    await client.post('/api/auth/sign-up/email', {
      name: 'P',
      email: 'phone@example.org',
      password: 'phone number 1',
    });
    await t.database.db
      .update(authUser)
      .set({ emailVerified: true })
      .where(eq(authUser.email, 'phone@example.org'));
    await client.signIn('phone@example.org', 'phone number 1');
    const res = await client.post('/api/users?partnersId=2', {
      ...details,
      email: 'x@example.org',
      phone: '123',
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe('Invalid Phone Number: 123');
    expect(
      (await client.post('/api/users?partnersId=2', { ...details, email: 'x@example.org' })).status,
    ).toBe(201);
    const again = await client.post('/api/users?partnersId=2', { ...details, email: 'x@example.org' });
    expect(again.status).toBe(409);
    expect(again.text).toBe('A user record already exists for this account.');
  });
});

describe('PUT /api/users/{id}', () => {
  it('saves the person’s own details with the phone in E.164 and keeps the sign-in email', async () => {
    const donorId = await userIdOf('donor@demo.example.org');
    const client = await signedIn('donor@demo.example.org', 'donor-2026');
    const res = await client.request('PUT', `/api/users/${donorId}?partnersId=2`, {
      ...details,
      email: 'elsewhere@example.org',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      id: donorId,
      firstName: 'Samuel',
      lastName: 'Okafor-Lee',
      email: 'donor@demo.example.org',
      address2: 'Suite 12',
      phone: '+15125550190',
      userSponsoreds: [],
    });
    const me = await client.get('/api/users/getByToken?partnersId=2');
    expect(me.json<{ firstName: string; city: string }>()).toMatchObject({
      firstName: 'Samuel',
      city: 'Austin',
    });
    // An empty address line 2 and no phone clear them.
    const cleared = await client.request('PUT', `/api/users/${donorId}?partnersId=2`, {
      ...details,
      address2: '',
      phone: '',
    });
    expect(cleared.json()).toMatchObject({ address2: null, phone: null });
  });

  it('saves the person’s language when the site offers it, keeps it when the form leaves it out, and clears it with null', async () => {
    const donorId = await userIdOf('donor@demo.example.org');
    const client = await signedIn('donor@demo.example.org', 'donor-2026');
    const savedLocale = async () =>
      (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, donorId)))[0]!
        .locale;
    // maple (partner 3) offers en-CA and fr-CA; the demo partner (2) only en-US.
    const maple = client.withHost('maple.localhost');
    const french = await maple.request('PUT', `/api/users/${donorId}?partnersId=3`, {
      ...details,
      locale: 'fr-CA',
    });
    expect(french.status).toBe(200);
    expect(await savedLocale()).toBe('fr-CA');
    expect((await client.request('PUT', `/api/users/${donorId}?partnersId=2`, details)).status).toBe(200);
    expect(await savedLocale()).toBe('fr-CA');
    const notOffered = await client.request('PUT', `/api/users/${donorId}?partnersId=2`, {
      ...details,
      locale: 'fr-CA',
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.text).toBe('This site does not offer that language.');
    const unknown = await maple.request('PUT', `/api/users/${donorId}?partnersId=3`, {
      ...details,
      locale: 'fr-FR',
    });
    expect(unknown.status).toBe(400);
    expect(await savedLocale()).toBe('fr-CA');
    const cleared = await maple.request('PUT', `/api/users/${donorId}?partnersId=3`, {
      ...details,
      locale: null,
    });
    expect(cleared.status).toBe(200);
    expect(await savedLocale()).toBeNull();
  });

  it('refuses an invalid phone and a missing required field with 400', async () => {
    const donorId = await userIdOf('donor@demo.example.org');
    const client = await signedIn('donor@demo.example.org', 'donor-2026');
    const phone = await client.request('PUT', `/api/users/${donorId}?partnersId=2`, {
      ...details,
      phone: '555',
    });
    expect(phone.status).toBe(400);
    expect(phone.text).toBe('Invalid Phone Number: 555');
    const missing = await client.request('PUT', `/api/users/${donorId}?partnersId=2`, {
      ...details,
      city: ' ',
    });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/^Invalid body: city: /);
  });

  it('answers 401 signed out and 403 for anyone else’s record, administrators included', async () => {
    const donorId = await userIdOf('donor@demo.example.org');
    expect((await t.client().request('PUT', `/api/users/${donorId}?partnersId=2`, details)).status).toBe(401);
    for (const [email, password] of [
      ['sponsor@demo.example.org', 'sponsor-2026'],
      ['partner-admin@demo.example.org', 'demo-admin-2026'],
      ['admin@kinship.example.org', 'kinship-admin-2026'],
    ] as const) {
      const res = await (
        await signedIn(email, password)
      ).request('PUT', `/api/users/${donorId}?partnersId=2`, details);
      expect(res.status).toBe(403);
      expect(res.text).toBe('You can only change your own details.');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, donorId));
    expect(row!.firstName).toBe('Samuel');
  });

  it('refuses a change posted from another site', async () => {
    const donorId = await userIdOf('donor@demo.example.org');
    const client = await signedIn('donor@demo.example.org', 'donor-2026');
    const res = await client.request(
      'PUT',
      `/api/users/${donorId}?partnersId=2`,
      { ...details, firstName: 'Mallory' },
      {
        origin: 'http://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect(res.text).toBe('Cross-site requests are not allowed.');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, donorId));
    expect(row!.firstName).not.toBe('Mallory');
  });
});

/** Giving rows of the sponsor, as the giving modules will write them. */
async function seedGivingOf(usersId: number) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      partnersId: 2,
      usersId,
      kind: 'subscription',
      status: 'succeeded',
      interval: 'month',
      baseAmount: 3900,
      receiptCode: 'R-EXPORT-1',
    })
    .returning();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      partnersId: 2,
      usersId,
      ordersId: order!.id,
      gatewaySubscriptionId: 'sub_export_1',
      interval: 'month',
      baseAmount: 3900,
    })
    .returning();
  const [donation] = await db
    .insert(donations)
    .values({
      partnersId: 2,
      usersId,
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sponsor@demo.example.org',
      amount: 2500,
      note: 'For books',
    })
    .returning();
  await db.insert(payments).values([
    {
      partnersId: 2,
      ordersId: order!.id,
      subscriptionsId: subscription!.id,
      amount: 3900,
      status: 'succeeded',
      gatewayChargeId: 'ch_export_1',
    },
    {
      partnersId: 2,
      donationsId: donation!.id,
      amount: 2500,
      status: 'succeeded',
      gatewayChargeId: 'ch_export_2',
    },
  ]);
  await db.insert(paymentMethods).values({
    partnersId: 2,
    usersId,
    gatewayPaymentMethodId: 'pm_export_visa',
    type: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    isDefault: true,
  });
  // The letter goes with the person's own sponsorship of the record (the demo sponsor's).
  const [sponsorship] = await db
    .select({ id: userSponsoreds.id })
    .from(userSponsoreds)
    .where(
      and(
        eq(userSponsoreds.usersId, usersId),
        eq(userSponsoreds.sponsoredsId, DEMO_IDS.maskedSponsoredOfSponsor),
      ),
    );
  await db.insert(messages).values({
    partnersId: 2,
    userSponsoredsId: sponsorship!.id,
    sponsoredsId: DEMO_IDS.maskedSponsoredOfSponsor,
    usersId,
    direction: 'to_sponsored',
    status: 'submitted',
    language: 'en-US',
    body: 'Happy birthday!',
  });
  await db.insert(occasions).values({
    partnersId: 2,
    usersId,
    sponsoredsId: DEMO_IDS.maskedSponsoredOfSponsor,
    kind: 'birthday',
    name: 'Birthday',
    occasionDate: '2027-03-04',
  });
  return { order: order!, subscription: subscription!, donation: donation! };
}

describe('GET /api/users/{id}/export', () => {
  it('downloads everything held on the person as a JSON attachment, with no secret', async () => {
    const sponsorId = await userIdOf('sponsor@demo.example.org');
    await seedGivingOf(sponsorId);
    const client = await signedIn('sponsor@demo.example.org', 'sponsor-2026');
    const res = await client.get(`/api/users/${sponsorId}/export?partnersId=2`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kinship-my-data-${sponsorId}.json"`,
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<UserExport>();
    expect(data.account).toMatchObject({ email: 'sponsor@demo.example.org', emailVerified: true });
    expect(data.account.logins.map((l) => l.providerId)).toEqual(['credential']);
    expect(data.account.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.user).toMatchObject({
      id: sponsorId,
      firstName: 'Sam',
      lastName: 'Okafor',
      city: 'Austin',
      phone: '(512) 555-0147',
    });
    expect(data.sponsorships.map((s) => s.sponsoredsId).sort((a, b) => a - b)).toEqual(
      [
        DEMO_IDS.maskedSponsoredOfSponsor,
        DEMO_IDS.sponsoredOfSponsorTeacher,
        DEMO_IDS.sponsoredOfSponsorClass,
        DEMO_IDS.endedSponsoredOfSponsor,
      ].sort((a, b) => a - b),
    );
    expect(data.orders).toHaveLength(1);
    expect(data.subscriptions).toMatchObject([{ gatewaySubscriptionId: 'sub_export_1', status: 'active' }]);
    expect(data.donations).toMatchObject([
      { amount: 2500, note: 'For books', email: 'sponsor@demo.example.org' },
    ]);
    expect(data.payments.map((p) => p.gatewayChargeId).sort()).toEqual(['ch_export_1', 'ch_export_2']);
    expect(data.paymentMethods).toMatchObject([{ brand: 'visa', last4: '4242' }]);
    expect(data.messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ body: 'Happy birthday!' })]),
    );
    expect(data.occasions).toMatchObject([{ kind: 'birthday', occasionDate: '2027-03-04' }]);
    // No password hash, session token or provider token is part of it.
    expect(res.text).not.toMatch(/scrypt\$|"token"|accessToken|refreshToken|idToken|"password"/);
  });

  it('answers 401 signed out and 403 for anyone else, administrators included', async () => {
    const sponsorId = await userIdOf('sponsor@demo.example.org');
    expect((await t.client().get(`/api/users/${sponsorId}/export?partnersId=2`)).status).toBe(401);
    for (const [email, password] of [
      ['donor@demo.example.org', 'donor-2026'],
      ['partner-admin@demo.example.org', 'demo-admin-2026'],
      ['admin@kinship.example.org', 'kinship-admin-2026'],
    ] as const) {
      const res = await (await signedIn(email, password)).get(`/api/users/${sponsorId}/export?partnersId=2`);
      expect(res.status).toBe(403);
      expect(res.text).toBe('You can only download your own data.');
    }
  });
});

/** A gateway double that records the calls erasure makes, or fails them. */
function recordingGateway(fail = false) {
  const calls: string[] = [];
  const gateway = {
    kind: 'sandbox',
    publishableKey: null,
    async cancelSubscription(account: { accountId: string }, id: string) {
      if (fail) throw new Error('provider down');
      calls.push(`cancel ${account.accountId} ${id}`);
    },
    async detachPaymentMethod(account: { accountId: string }, id: string) {
      if (fail) throw new Error('provider down');
      calls.push(`detach ${account.accountId} ${id}`);
    },
  } as unknown as PaymentGateway;
  return { gateway, calls };
}

describe('DELETE /api/users/{id}', () => {
  it('answers 401 signed out, 403 for anyone else, and refuses a request from another site', async () => {
    const donorId = await userIdOf('donor@demo.example.org');
    expect((await t.client().request('DELETE', `/api/users/${donorId}?partnersId=2`)).status).toBe(401);
    const admin = await signedIn('admin@kinship.example.org', 'kinship-admin-2026');
    const other = await admin.request('DELETE', `/api/users/${donorId}?partnersId=2`);
    expect(other.status).toBe(403);
    expect(other.text).toBe('You can only delete your own account.');
    const donor = await signedIn('donor@demo.example.org', 'donor-2026');
    const crossSite = await donor.request('DELETE', `/api/users/${donorId}?partnersId=2`, undefined, {
      origin: 'http://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toBe('Cross-site requests are not allowed.');
    expect((await donor.get('/api/users/getByToken?partnersId=2')).status).toBe(200);
  });

  it('keeps everything when the payment provider cannot cancel the subscriptions', async () => {
    const sponsorId = await userIdOf('sponsor@demo.example.org');
    const { gateway } = recordingGateway(true);
    const original = t.app.deps.gateway;
    t.app.deps.gateway = gateway;
    try {
      const client = await signedIn('sponsor@demo.example.org', 'sponsor-2026');
      const res = await client.request('DELETE', `/api/users/${sponsorId}?partnersId=2`);
      expect(res.status).toBe(502);
      expect(res.text).toBe(
        'Your subscriptions could not be canceled with the payment provider right now, so nothing was deleted. Please try again later.',
      );
      expect((await client.get('/api/users/getByToken?partnersId=2')).status).toBe(200);
      const [sub] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.usersId, sponsorId));
      expect(sub!.status).toBe('active');
    } finally {
      t.app.deps.gateway = original;
    }
  });

  it('erases the person, ends their sponsorships and frees the slots, and keeps their giving records', async () => {
    const db = t.database.db;
    const sponsorId = await userIdOf('sponsor@demo.example.org');
    const [person] = await db.select().from(users).where(eq(users.id, sponsorId));
    const authUserId = person!.authUserId!;
    const slotsBefore = new Map(
      (await db.select({ id: sponsoreds.id, slotsFilled: sponsoreds.slotsFilled }).from(sponsoreds)).map(
        (r) => [r.id, r.slotsFilled],
      ),
    );
    const { gateway, calls } = recordingGateway();
    const original = t.app.deps.gateway;
    t.app.deps.gateway = gateway;
    try {
      const client = await signedIn('sponsor@demo.example.org', 'sponsor-2026');
      const other = await signedIn('sponsor@demo.example.org', 'sponsor-2026');
      const res = await client.request('DELETE', `/api/users/${sponsorId}?partnersId=2`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers['set-cookie']).toContainEqual(
        expect.stringMatching(/^kinship\.session_token=; Max-Age=0; Path=\//),
      );
      expect(calls).toEqual([
        'cancel acct_sandbox_demo sub_export_1',
        'detach acct_sandbox_demo pm_export_visa',
      ]);

      // Every session and the login are gone.
      expect((await other.get('/api/users/getByToken?partnersId=2')).status).toBe(401);
      expect(
        (
          await t
            .client()
            .post('/api/auth/sign-in/email', { email: 'sponsor@demo.example.org', password: 'sponsor-2026' })
        ).status,
      ).toBe(401);
      expect(await db.select().from(authUser).where(eq(authUser.id, authUserId))).toEqual([]);
      expect(await db.select().from(authSession).where(eq(authSession.userId, authUserId))).toEqual([]);

      const [erased] = await db.select().from(users).where(eq(users.id, sponsorId));
      expect(erased).toMatchObject({
        authUserId: null,
        firstName: null,
        lastName: null,
        email: null,
        address1: null,
        address2: null,
        city: null,
        state: null,
        zip: null,
        phone: null,
      });
      expect(erased!.erasedAt).toBeInstanceOf(Date);
      expect(await db.select().from(partnerUsers).where(eq(partnerUsers.usersId, sponsorId))).toEqual([]);

      // Active sponsorships ended, their slots freed exactly once.
      expect(
        await db
          .select()
          .from(userSponsoreds)
          .where(and(eq(userSponsoreds.usersId, sponsorId), isNull(userSponsoreds.dateEnded))),
      ).toEqual([]);
      const slotsAfter = new Map(
        (await db.select({ id: sponsoreds.id, slotsFilled: sponsoreds.slotsFilled }).from(sponsoreds)).map(
          (r) => [r.id, r.slotsFilled],
        ),
      );
      expect(slotsAfter.get(DEMO_IDS.maskedSponsoredOfSponsor)).toBe(
        slotsBefore.get(DEMO_IDS.maskedSponsoredOfSponsor)! - 1,
      );
      expect(slotsAfter.get(DEMO_IDS.sponsoredOfSponsorTeacher)).toBe(
        slotsBefore.get(DEMO_IDS.sponsoredOfSponsorTeacher)! - 2,
      );
      expect(slotsAfter.get(DEMO_IDS.sponsoredOfSponsorClass)).toBe(
        slotsBefore.get(DEMO_IDS.sponsoredOfSponsorClass)! - 1,
      );
      expect(slotsAfter.get(DEMO_IDS.endedSponsoredOfSponsor)).toBe(
        slotsBefore.get(DEMO_IDS.endedSponsoredOfSponsor),
      );
      const changed = [...slotsAfter]
        .filter(([id, filled]) => slotsBefore.get(id) !== filled)
        .map(([id]) => id);
      expect(changed.sort((a, b) => a - b)).toEqual(
        [
          DEMO_IDS.maskedSponsoredOfSponsor,
          DEMO_IDS.sponsoredOfSponsorTeacher,
          DEMO_IDS.sponsoredOfSponsorClass,
        ].sort((a, b) => a - b),
      );

      // Giving records stay for the partner, without the personal fields.
      const [donation] = await db.select().from(donations).where(eq(donations.usersId, sponsorId));
      expect(donation).toMatchObject({ amount: 2500, firstName: null, lastName: null, email: null });
      expect(await db.select().from(orders).where(eq(orders.usersId, sponsorId))).toHaveLength(1);
      expect(
        await db.select().from(payments).where(eq(payments.gatewayChargeId, 'ch_export_2')),
      ).toHaveLength(1);
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.usersId, sponsorId));
      expect(sub!.status).toBe('canceled');
      expect(sub!.canceledAt).toBeInstanceOf(Date);
      expect(await db.select().from(paymentMethods).where(eq(paymentMethods.usersId, sponsorId))).toEqual([]);
      expect(await db.select().from(messages).where(eq(messages.usersId, sponsorId))).toEqual([]);
      expect(await db.select().from(occasions).where(eq(occasions.usersId, sponsorId))).toEqual([]);
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.usersId, sponsorId), eq(auditLog.action, 'user.erased'))),
      ).toMatchObject([{ entityType: 'user', details: { endedSponsorships: 3 } }]);

      // The freed record is open to a new sponsor on the listing.
      const record = await t
        .client()
        .get(`/api/sponsoreds/${DEMO_IDS.maskedSponsoredOfSponsor}?partnersId=2`);
      expect(record.json<{ slotsFilled: number }>().slotsFilled).toBe(0);
    } finally {
      t.app.deps.gateway = original;
    }
  });
});
