import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatDate, type Receipt } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEml, type ReadMail } from '../../../../test/eml.ts';
import { countWhere, freshAddress, insertRecord, line, rowsWhere } from '../../../../test/giving-fixtures.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { createMailer } from '../../../platform/messaging/mail.ts';
import { dispatchOutbox } from '../../../platform/messaging/outbox.ts';
import type { SandboxGateway } from '../../../platform/payments/sandbox-gateway.ts';
import { pdfSafe, renderReceiptPdf } from './receipt-pdf.ts';
import { receiptComposer, receiptUrl } from './receipts.service.ts';
import { partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;

const DEMO_TAX =
  'Bright Futures Demo is a 501(c)3 organization (EIN 12-3456789). Your contribution is tax deductible to the extent allowed by law.';
const PROCESSING =
  'Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.';
const today = () => formatDate(new Date());

async function person(): Promise<TestPerson> {
  return (await createPeople(t.database, 1, 'receipts'))[0]!;
}

let emailCounter = 0;
function donorEmail(): string {
  emailCounter += 1;
  return `giver-${process.pid}-${Date.now()}-${emailCounter}@example.org`;
}

/** A signed-out (or signed-in) general donation on the demo site; answers the receipt code. */
async function donate(email: string, amount: number, who: TestPerson | null = null): Promise<string> {
  const client = who ? clientAs(t.port, who) : t.client();
  const res = await client.post(
    '/api/payments?partnersId=2',
    { partnersId: 2, amount, firstName: 'Sam', lastName: 'Giver', email, token: 'pm_card_visa' },
    freshAddress(),
  );
  expect(res.status).toBe(200);
  const url = res.json<string>();
  expect(url).toMatch(/^http:\/\/demo\.localhost:3000\/receipts\/[A-Za-z0-9_-]{16,}$/);
  return url.split('/').pop()!;
}

async function checkout(who: TestPerson, record: number, slots = 1): Promise<string> {
  const res = await clientAs(t.port, who).post(
    '/api/payments/checkout/month?partnersId=2',
    {
      partnersId: 2,
      stripePaymentIntent: 'pm_card_visa',
      userSponsoreds: [line(record, slots)],
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      baseAmount: 5000 * slots,
      additionalAmount: 0,
    },
    freshAddress(),
  );
  expect(res.status).toBe(200);
  return res.json<{ invoice: string }>().invoice.split('/').pop()!;
}

async function paymentOfCode(code: string): Promise<Row> {
  const [payment] = await rowsWhere<Row>(t.database, 'payments', `receipt_code = '${code}'`);
  expect(payment).toBeDefined();
  return payment!;
}

function mailFiles(): string[] {
  return fs.readdirSync(t.mailDir).filter((name) => name.endsWith('.eml'));
}

/** The PDF attached to a mail, decoded. */
function attachedPdf(eml: string): Buffer {
  const normalized = eml.replace(/\r\n/g, '\n');
  const part = /Content-Type: application\/pdf[^]*?\n\n([A-Za-z0-9+/=\n]+?)\n(?:--|\n)/.exec(normalized);
  expect(part, 'a PDF attachment').not.toBeNull();
  expect(normalized).toMatch(/filename=message\.pdf/);
  return Buffer.from(part![1]!.replace(/\n/g, ''), 'base64');
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('receipt emails through the outbox', () => {
  it('a donation queues exactly one receipt, which the dispatcher sends once with the receipt, tax text, link and PDF', async () => {
    const email = donorEmail();
    const code = await donate(email, 1234);
    const payment = await paymentOfCode(code);
    const outbox = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `dedupe_key = 'receipt:payment:${String(payment.id)}'`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: 'pending', attempts: 0, to_address: email, partners_id: 2 });
    expect(t.mailTo(email)).toHaveLength(0);

    const first = await t.runJob('outbox.dispatch');
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mails = t.mailTo(email);
    expect(mails).toHaveLength(1);
    const mail: ReadMail = readEml(mails[0]!);
    expect(mail.subject).toBe('Your receipt from Bright Futures Demo');
    expect(mail.to).toBe(email);
    const link = `http://demo.localhost:3000/receipts/${code}`;
    expect(mail.text).toContain('Dear Sam Giver,');
    expect(mail.text).toContain('Thank you for your donation to Bright Futures Demo.');
    expect(mail.text).toContain(`Receipt: ${code}`);
    expect(mail.text).toContain(`Date: ${today()}`);
    expect(mail.text).toContain('For: General donation');
    expect(mail.text).toContain('Amount: $1,234.00');
    expect(mail.text).toContain(PROCESSING);
    expect(mail.text).toContain(DEMO_TAX);
    expect(mail.text).toContain(`View your receipt online: ${link}`);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain('$1,234.00');
    expect(mails[0]).toMatch(/X-Kinship-Dedupe-Key: receipt:payment:\d+/);
    const pdf = attachedPdf(mails[0]!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(pdf));
    expect(text).toContain('Bright Futures Demo');
    expect(text).toContain('$1,234.00');
    expect(text).toContain(DEMO_TAX);

    const [sent] = await rowsWhere<Row>(t.database, 'email_outbox', `id = ${String(outbox[0]!.id)}`);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lease_until: null });
    expect(sent!.sent_at).not.toBeNull();

    // Running the dispatcher again sends nothing.
    const second = await t.runJob('outbox.dispatch');
    expect(second).toEqual({ sent: 0, alreadyDelivered: 0, retrying: 0, failed: 0 });
    expect(t.mailTo(email)).toHaveLength(1);
  });

  it('a checkout queues one receipt naming the sponsorship', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 3 });
    const code = await checkout(who, record, 2);
    const payment = await paymentOfCode(code);
    expect(
      await countWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:payment:${String(payment.id)}'`),
    ).toBe(1);
    await t.runJob('outbox.dispatch');
    const mails = t.mailTo(who.email);
    expect(mails).toHaveLength(1);
    const mail = readEml(mails[0]!);
    expect(mail.text).toContain(`Dear ${who.firstName} ${who.lastName},`);
    expect(mail.text).toContain('Thank you for your sponsorship payment to Bright Futures Demo.');
    expect(mail.text).toContain('For: Monthly sponsorship of Testa (2 slots)');
    expect(mail.text).toContain('Amount: $100.00');
  });

  it('a restart after delivery but before recording it does not deliver the message again', async () => {
    const email = donorEmail();
    const code = await donate(email, 25);
    const payment = await paymentOfCode(code);
    const key = `receipt:payment:${String(payment.id)}`;
    const [row] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = '${key}'`);
    // A worker claimed the row and delivered it, then died before marking it sent.
    await t.app.deps.mailer.send({
      to: email,
      subject: 'Your receipt from Bright Futures Demo',
      text: 'x',
      dedupeKey: key,
    });
    await t.database.db.execute(
      sql`UPDATE email_outbox SET status = 'sending', attempts = 1, lease_until = now() - interval '1 second' WHERE id = ${row!.id as number}`,
    );
    expect(t.mailTo(email)).toHaveLength(1);

    const summary = await t.runJob('outbox.dispatch');
    expect(summary.alreadyDelivered).toBe(1);
    expect(t.mailTo(email)).toHaveLength(1);
    const [after] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = '${key}'`);
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a message claimed by a live worker is left alone until its lease passes', async () => {
    const email = donorEmail();
    const code = await donate(email, 30);
    const payment = await paymentOfCode(code);
    const key = `receipt:payment:${String(payment.id)}`;
    await t.database.db.execute(
      sql`UPDATE email_outbox SET status = 'sending', attempts = 1, lease_until = now() + interval '1 minute' WHERE dedupe_key = ${key}`,
    );
    await t.runJob('outbox.dispatch');
    expect(t.mailTo(email)).toHaveLength(0);
    await t.database.db.execute(
      sql`UPDATE email_outbox SET lease_until = now() - interval '1 second' WHERE dedupe_key = ${key}`,
    );
    await t.runJob('outbox.dispatch');
    expect(t.mailTo(email)).toHaveLength(1);
  });

  it('a failed delivery is retried after a backoff, then sent once', async () => {
    const email = donorEmail();
    const code = await donate(email, 40);
    const payment = await paymentOfCode(code);
    const key = `receipt:payment:${String(payment.id)}`;
    // Everything else already queued goes first, so only this message meets the failing mailer.
    await t.runJob('outbox.dispatch');
    await t.database.db.execute(
      sql`UPDATE email_outbox SET status = 'pending', attempts = 0 WHERE dedupe_key = ${key}`,
    );
    for (const name of mailFiles().filter((f) => f.startsWith(`receipt_payment_${String(payment.id)}-`))) {
      fs.rmSync(path.join(t.mailDir, name));
    }
    const receipt = receiptComposer({
      db: t.database.db,
      storage: t.app.deps.storage,
      config: t.app.deps.config,
    });
    const failing = { send: async () => Promise.reject(new Error('SMTP 451 try later')) };
    const failed = await dispatchOutbox({ db: t.database.db, mailer: failing, composers: { receipt } });
    expect(failed).toMatchObject({ sent: 0, retrying: 1 });
    const [row] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = '${key}'`);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'SMTP 451 try later',
      lease_until: null,
    });
    expect(new Date(String(row!.next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is tried.
    expect((await t.runJob('outbox.dispatch')).sent).toBe(0);
    await t.database.db.execute(
      sql`UPDATE email_outbox SET next_attempt_at = now() - interval '1 second' WHERE dedupe_key = ${key}`,
    );
    expect((await t.runJob('outbox.dispatch')).sent).toBe(1);
    expect(t.mailTo(email)).toHaveLength(1);
    const [sent] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = '${key}'`);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('mail from the partner (white label)', () => {
  interface Delivered {
    mailFrom: string;
    rcptTo: string[];
    mail: ReadMail;
  }
  let server: SMTPServer;
  const delivered: Delivered[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          const envelope = session.envelope;
          delivered.push({
            mailFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
            rcptTo: envelope.rcptTo.map((r) => r.address),
            mail: readEml(data),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Delivers every due outbox message over SMTP on loopback, as the worker would with SMTP_URL set. */
  async function deliverOverSmtp(): Promise<void> {
    const mailer = createMailer({
      from: 'Kinship <no-reply@kinship.localhost>',
      mailDir: t.mailDir,
      smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    });
    const receipt = receiptComposer({
      db: t.database.db,
      storage: t.app.deps.storage,
      config: t.app.deps.config,
    });
    await dispatchOutbox({ db: t.database.db, mailer, composers: { receipt } });
  }

  const deliveredTo = (address: string) => delivered.filter((d) => d.rcptTo.includes(address));

  it('sends a receipt from the partner’s name at the platform address, replies going to the partner’s support email', async () => {
    const email = donorEmail();
    await donate(email, 7);
    await deliverOverSmtp();
    const [receipt] = deliveredTo(email);
    expect(receipt).toBeDefined();
    expect(receipt!.mail.subject).toContain('Bright Futures Demo');
    expect(receipt!.mail.from).toEqual({
      name: 'Bright Futures Demo',
      address: 'no-reply@kinship.localhost',
    });
    expect(receipt!.mail.replyTo).toBe('hello@brightfutures.example');
    expect(receipt!.mailFrom).toBe('no-reply@kinship.localhost');
  });

  it('encodes a name with quotes and accents, and sets no Reply-To for a partner without a support email', async () => {
    const name = 'Écoles "Érable" & Friends';
    await t.database.db.execute(sql`UPDATE partners SET name = ${name}, support_email = NULL WHERE id = 3`);
    try {
      const to = donorEmail();
      await t.database.db.execute(sql`
        INSERT INTO email_outbox (partners_id, kind, dedupe_key, to_address, subject, body_text)
        VALUES (3, 'sponsorship_notice', ${`white-label:${to}`}, ${to}, 'A notice', 'Hello.')`);
      await deliverOverSmtp();
      const [notice] = deliveredTo(to);
      expect(notice).toBeDefined();
      expect(notice!.mail.from).toEqual({ name, address: 'no-reply@kinship.localhost' });
      expect(notice!.mail.rawFrom).toMatch(/^[\x20-\x7e]+$/);
      expect(notice!.mail.replyTo).toBeNull();
      expect(notice!.mailFrom).toBe('no-reply@kinship.localhost');
    } finally {
      await t.database.db.execute(
        sql`UPDATE partners SET name = 'Maple Schools Network', support_email = 'info@mapleschools.example' WHERE id = 3`,
      );
    }
  });

  it('sends mail of no partner from MAIL_FROM as configured', async () => {
    const to = donorEmail();
    await t.database.db.execute(sql`
      INSERT INTO email_outbox (partners_id, kind, dedupe_key, to_address, subject, body_text)
      VALUES (NULL, 'sponsorship_notice', ${`platform:${to}`}, ${to}, 'Platform notice', 'Hello.')`);
    await deliverOverSmtp();
    const [notice] = deliveredTo(to);
    expect(notice).toBeDefined();
    expect(notice!.mail.from).toEqual({ name: 'Kinship', address: 'no-reply@kinship.localhost' });
    expect(notice!.mail.replyTo).toBeNull();
    expect(notice!.mailFrom).toBe('no-reply@kinship.localhost');
  });
});

describe('GET /api/receipts/{code}', () => {
  it('answers the receipt of this site without sign-in', async () => {
    const email = donorEmail();
    const code = await donate(email, 75.5);
    const payment = await paymentOfCode(code);
    const res = await t.client().get(`/api/receipts/${code}?partnersId=2`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<Receipt>()).toEqual({
      code,
      partnerName: 'Bright Futures Demo',
      amount: 7550,
      currency: 'usd',
      date: new Date(String(payment.created_at)).toISOString(),
      description: 'General donation',
      donorName: 'Sam Giver',
      taxNotice: DEMO_TAX,
      paymentNotice: [PROCESSING, DEMO_TAX],
      kind: 'donation',
      interval: null,
      refundedAmount: 0,
      refunds: [],
    });
  });

  it('describes a sponsorship with its interval', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const code = await checkout(who, record);
    const res = await t.client().get(`/api/receipts/${code}?partnersId=2`);
    expect(res.status).toBe(200);
    expect(res.json<Receipt>()).toMatchObject({
      amount: 5000,
      description: 'Monthly sponsorship of Testa',
      donorName: `${who.firstName} ${who.lastName}`,
      kind: 'subscription',
      interval: 'month',
    });
  });

  it("answers 404 for another partner's code and for an unknown code", async () => {
    const code = await donate(donorEmail(), 10);
    const other = await t.client('maple.localhost').get(`/api/receipts/${code}?partnersId=3`);
    expect(other.status).toBe(404);
    expect(other.text).toBe('Receipt not found.');
    const unknown = await t.client().get('/api/receipts/not-a-real-code?partnersId=2');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('Receipt not found.');
    const pdf = await t.client('maple.localhost').get(`/api/receipts/${code}/pdf?partnersId=3`);
    expect(pdf.status).toBe(404);
  });

  it('answers the receipt as a PDF download named message.pdf', async () => {
    const code = await donate(donorEmail(), 1234);
    const res = await t.client().request('GET', `/api/receipts/${code}/pdf?partnersId=2`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="message.pdf"');
    const pdf = await downloadBinary(`/api/receipts/${code}/pdf?partnersId=2`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(pdf));
    expect(text).toContain('Bright Futures Demo');
    expect(text).toContain('Payment receipt');
    expect(text).toContain(code);
    expect(text).toContain('$1,234.00');
    expect(text).toContain(DEMO_TAX);
  });
});

/** The test client decodes bodies as UTF-8; a PDF is read as bytes. */
async function downloadBinary(pathname: string, cookie?: string): Promise<Buffer> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: t.port,
        path: pathname,
        headers: { host: `demo.localhost:${t.port}`, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/users/{id}/statement', () => {
  it("lists the person's payments of the year at this partner with the total and the tax text", async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const sponsorship = await checkout(who, record);
    const gift = await donate(who.email, 20, who);
    // A partial refund counts net.
    await t.database.db.execute(sql`UPDATE payments SET refunded_amount = 500 WHERE receipt_code = ${gift}`);
    // Another person's giving is not on it.
    await donate(donorEmail(), 99);
    const year = new Date().getUTCFullYear();
    const client = clientAs(t.port, who);
    const res = await client.get(`/api/users/${who.usersId}/statement?year=${year}&partnersId=2`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="message.pdf"');
    const pdf = await downloadBinary(
      `/api/users/${who.usersId}/statement?year=${year}&partnersId=2`,
      client.cookieHeader,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(pdf));
    expect(text).toContain(`Giving statement for ${year}`);
    expect(text).toContain(`${who.firstName} ${who.lastName}`);
    expect(text).toContain(sponsorship);
    expect(text).toContain(gift);
    expect(text).toContain('Monthly sponsorship of Testa');
    expect(text).toContain('General donation');
    expect(text).toContain('$50.00');
    expect(text).toContain('$15.00');
    expect(text).toContain(`Total for ${year} $65.00`);
    expect(text).not.toContain('$99.00');
    expect(text).toContain(DEMO_TAX);

    const last = await downloadBinary(
      `/api/users/${who.usersId}/statement?year=${year - 1}&partnersId=2`,
      client.cookieHeader,
    );
    const lastText = flat(pdfText(last));
    expect(lastText).toContain(`No payments to Bright Futures Demo in ${year - 1}.`);
    expect(lastText).toContain(`Total for ${year - 1} $0.00`);
  });

  it('is for the person themself only', async () => {
    const [who, other] = await createPeople(t.database, 2, 'statement');
    const year = new Date().getUTCFullYear();
    const url = `/api/users/${who!.usersId}/statement?year=${year}&partnersId=2`;
    const anonymous = await t.client().get(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe('You must be logged in to do this.');
    const someoneElse = await clientAs(t.port, other!).get(url);
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.text).toBe('You can only download your own giving statement.');
    const badYear = await clientAs(t.port, who!).get(
      `/api/users/${who!.usersId}/statement?year=1999&partnersId=2`,
    );
    expect(badYear.status).toBe(400);
    expect(badYear.text).toBe(`year must be a year from 2000 to ${year}.`);
    const notAYear = await clientAs(t.port, who!).get(
      `/api/users/${who!.usersId}/statement?year=20x6&partnersId=2`,
    );
    expect(notAYear.status).toBe(400);
  });
});

describe('sandbox renewals run by the worker', () => {
  it('charges a due subscription once, recording the payment and one receipt; a second run does nothing', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    await checkout(who, record);
    const [subscription] = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who.usersId}`);
    const gatewayId = String(subscription!.gateway_subscription_id);
    await t.database.db.execute(
      sql`UPDATE sandbox_subscriptions SET current_period_end = now() - interval '1 minute' WHERE id = ${gatewayId}`,
    );
    const subPayments = `subscriptions_id = ${String(subscription!.id)}`;
    expect(await countWhere(t.database, 'payments', subPayments)).toBe(1);

    const first = await t.runJob('sandbox.renewals');
    expect(first).toMatchObject({ renewed: 1, failed: 0 });
    const rows = await rowsWhere<Row>(t.database, 'payments', subPayments);
    expect(rows).toHaveLength(2);
    const renewal = rows.find((p) => p.orders_id === null)!;
    expect(renewal).toMatchObject({ amount: 5000, status: 'succeeded' });
    expect(
      await countWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:payment:${String(renewal.id)}'`),
    ).toBe(1);
    const [after] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription!.id)}`);
    expect(new Date(String(after!.current_period_end)).getTime()).toBeGreaterThan(
      Date.now() + 20 * 86_400_000,
    );

    const second = await t.runJob('sandbox.renewals');
    expect(second).toMatchObject({ renewed: 0, failed: 0, recovered: 0 });
    expect(await countWhere(t.database, 'payments', subPayments)).toBe(2);

    await t.runJob('outbox.dispatch');
    const mails = t.mailTo(who.email).map(readEml);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.text.includes('Amount: $50.00'))).toBe(true);
  });

  it('records a renewal that a dead worker charged but never recorded', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    await checkout(who, record);
    const [subscription] = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who.usersId}`);
    const gatewayId = String(subscription!.gateway_subscription_id);
    await t.database.db.execute(
      sql`UPDATE sandbox_subscriptions SET current_period_end = now() - interval '1 minute' WHERE id = ${gatewayId}`,
    );
    // The provider renews; the worker dies before recording it.
    const renewals = await (t.app.deps.gateway as SandboxGateway).renewDueSubscriptions(new Date());
    expect(renewals.filter((r) => r.subscriptionId === gatewayId)).toHaveLength(1);
    expect(await countWhere(t.database, 'payments', `subscriptions_id = ${String(subscription!.id)}`)).toBe(
      1,
    );

    const summary = await t.runJob('sandbox.renewals');
    expect(summary.recovered).toBeGreaterThanOrEqual(1);
    const rows = await rowsWhere<Row>(
      t.database,
      'payments',
      `subscriptions_id = ${String(subscription!.id)}`,
    );
    expect(rows).toHaveLength(2);
    const renewal = rows.find((p) => p.orders_id === null)!;
    expect(
      await countWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:payment:${String(renewal.id)}'`),
    ).toBe(1);
    expect((await t.runJob('sandbox.renewals')).recovered).toBe(0);
  });
});

describe('holds.expire', () => {
  it('releases expired holds, leaving those of pending orders to reconciliation', async () => {
    const record = await insertRecord(t.database, { maxSlots: 3 });
    const [who] = await createPeople(t.database, 1, 'holds');
    await t.database.db.execute(sql`
      INSERT INTO slot_holds (partners_id, sponsoreds_id, users_id, num_slots, expires_at)
      VALUES (2, ${record}, ${who!.usersId}, 1, now() - interval '1 minute'),
             (2, ${record}, ${who!.usersId}, 1, now() + interval '10 minutes')`);
    const [order] = (
      (await t.database.db.execute(sql`
        INSERT INTO orders (partners_id, users_id, kind, status, interval, base_amount)
        VALUES (2, ${who!.usersId}, 'subscription', 'pending', 'month', 5000) RETURNING id`)) as unknown as {
        rows: Row[];
      }
    ).rows;
    await t.database.db.execute(sql`
      INSERT INTO slot_holds (partners_id, sponsoreds_id, users_id, orders_id, num_slots, expires_at)
      VALUES (2, ${record}, ${who!.usersId}, ${order!.id as number}, 1, now() - interval '1 minute')`);

    const summary = await t.runJob('holds.expire');
    expect(summary.released).toBeGreaterThanOrEqual(1);
    const holds = await rowsWhere<Row>(t.database, 'slot_holds', `sponsoreds_id = ${record}`);
    expect(holds.map((h) => h.released_at !== null)).toEqual([true, false, false]);
    expect((await t.runJob('holds.expire')).released).toBe(0);
  });
});

describe('orders.reconcile', () => {
  it('completes a pending donation whose charge exists and fails one that never reached the gateway', async () => {
    const email = donorEmail();
    const insertOrder = async () =>
      (
        (await t.database.db.execute(sql`
          INSERT INTO orders (partners_id, kind, status, base_amount, created_at)
          VALUES (2, 'donation', 'pending', 4200, now() - interval '10 minutes') RETURNING id`)) as unknown as {
          rows: Row[];
        }
      ).rows[0]!.id as number;
    const charged = await insertOrder();
    const untouched = await insertOrder();
    await t.database.db.execute(sql`
      INSERT INTO order_payment_requests (orders_id, gateway_payment_method_id, details)
      VALUES (${charged}, 'pm_card_visa', ${JSON.stringify({ firstName: 'Rae', lastName: 'Late', email, applicationFee: 0 })}::jsonb)`);
    // The request charged the card, then its process was killed before recording anything.
    const charge = await t.app.deps.gateway.charge(
      { accountId: 'acct_sandbox_demo', currency: 'usd' },
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 4200,
        applicationFeeAmount: 0,
        description: 'Donation to Bright Futures Demo',
        metadata: { ordersId: String(charged), partnersId: '2' },
      },
      `order:${charged}:charge`,
    );

    const summary = await t.runJob('orders.reconcile');
    expect(summary.settled).toBeGreaterThanOrEqual(2);
    const [done] = await rowsWhere<Row>(t.database, 'orders', `id = ${charged}`);
    expect(done).toMatchObject({ status: 'succeeded' });
    const [payment] = await rowsWhere<Row>(t.database, 'payments', `orders_id = ${charged}`);
    expect(payment).toMatchObject({ gateway_charge_id: charge.chargeId, amount: 4200, status: 'succeeded' });
    expect(await countWhere(t.database, 'donations', `orders_id = ${charged} AND email = '${email}'`)).toBe(
      1,
    );
    expect(
      await countWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:payment:${String(payment!.id)}'`),
    ).toBe(1);
    expect(await countWhere(t.database, 'sandbox_charges', `metadata->>'ordersId' = '${charged}'`)).toBe(1);
    const [failed] = await rowsWhere<Row>(t.database, 'orders', `id = ${untouched}`);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(await countWhere(t.database, 'payments', `orders_id = ${untouched}`)).toBe(0);

    const again = await t.runJob('orders.reconcile');
    expect(again.settled).toBe(0);
  });
});

describe('receipt links', () => {
  it("point at the partner's own site, from PUBLIC_URL when set", () => {
    const demo = { subdomain: 'demo' };
    expect(receiptUrl(demo, 'abc', { PUBLIC_URL: undefined, PORT: 3000 })).toBe(
      'http://demo.localhost:3000/receipts/abc',
    );
    expect(receiptUrl(demo, 'abc', { PUBLIC_URL: 'https://kinship.example', PORT: 3000 })).toBe(
      'https://demo.kinship.example/receipts/abc',
    );
    expect(receiptUrl(demo, 'abc', { PUBLIC_URL: 'https://{subdomain}.giving.example/', PORT: 3000 })).toBe(
      'https://demo.giving.example/receipts/abc',
    );
    expect(receiptUrl(demo, 'abc', { PUBLIC_URL: 'https://demo.kinship.example', PORT: 3000 })).toBe(
      'https://demo.kinship.example/receipts/abc',
    );
    expect(partnerSiteUrl(demo, '/receipts/abc', { PUBLIC_URL: 'http://localhost:8080', PORT: 3000 })).toBe(
      'http://localhost:8080/receipts/abc?partner=demo',
    );
  });
});

describe('receipt PDFs', () => {
  it('draw names outside Latin-1 legibly, never as garbage', async () => {
    expect(pdfSafe('Zoë Łukasz Śmiały — “Ça” 李')).toBe('Zoë Lukasz Smialy — “Ça” ?');
    const pdf = await renderReceiptPdf({
      partnerName: 'Écoles de Łódź',
      logo: Buffer.from('not an image'),
      brandColor: 'not a colour',
      code: 'C0DE',
      date: '01/02/2026',
      donorName: 'Zoë Śmiały',
      description: 'General donation',
      amount: '$5.00',
      paymentNotice: ['Notice.'],
      receiptUrl: 'http://demo.localhost:3000/receipts/C0DE',
      supportEmail: null,
    });
    const text = pdfText(pdf);
    expect(text).toContain('Écoles de Lódz');
    expect(text).toContain('Zoë Smialy');
  });
});
