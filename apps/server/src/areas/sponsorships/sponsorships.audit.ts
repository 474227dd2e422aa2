import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { letterQrText } from '@kinship/domain';
import { newLinkCode } from './sponsors/sponsors.service.ts';
import { multipartPicture, type AreaAudit, type AuditContext } from '../../../test/audit-rows.ts';
import { freshAddress, insertRecord } from '../../../test/giving-fixtures.ts';
import { clientAs, type TestPerson } from '../../../test/people.ts';

/*
 * The sponsorships area's scenarios of the audit trail (apps/server/test/audit-trail.test.ts): manual
 * sponsorships and their link codes, and updates to sponsors. Each write route of the area has a scenario
 * here, keyed by the route as registered, or a reason in `notAudited`; what a scenario says and how it
 * runs: apps/server/test/audit-rows.ts.
 */

/** A manual sponsorship of a fresh record (1 of 1 slot) held by the person, with a link code. */
async function manualSponsorshipOf({ t, rows }: AuditContext, who: TestPerson): Promise<number> {
  const record = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
  const code = newLinkCode();
  const [row] = await rows(
    sql`INSERT INTO user_sponsoreds (partners_id, users_id, sponsoreds_id, num_slots, amount, interval, is_manual, link_code)
      VALUES (2, ${who.usersId}, ${record}, 1, 5000, 'month', true, ${code}) RETURNING id`,
  );
  return Number(row!.id);
}

async function linkCodeOf({ rows }: AuditContext, id: number): Promise<string> {
  const [row] = await rows(sql`SELECT link_code FROM user_sponsoreds WHERE id = ${id}`);
  return String(row!.link_code);
}

/** A draft update post to a fresh record of the program administrator's program. */
async function draftUpdatePost({ t, rows }: AuditContext): Promise<{ post: number; record: number }> {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const [row] = await rows(
    sql`INSERT INTO update_posts (partners_id, title, update_message, audience, sponsoreds_ids, entity_ids, status)
        SELECT 2, 'Draft', '<p>Draft</p>', ${JSON.stringify({ kind: 'records', sponsoredsIds: [record] })}::jsonb,
               ARRAY[id], ARRAY[entities_id], 'draft' FROM sponsoreds WHERE id = ${record} RETURNING id`,
  );
  return { post: Number(row!.id), record };
}

/** A sponsor's letter waiting for review (issue 24), on a fresh record they sponsor; with a phone flag if asked. */
async function submittedLetter(
  ctx: AuditContext,
  options: { flagged?: boolean; status?: string } = {},
): Promise<{ letter: number; flag: number | null }> {
  const { t, rows, person } = ctx;
  const record = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
  const who = await person();
  const [sponsorship] = await rows(
    sql`INSERT INTO user_sponsoreds (partners_id, users_id, sponsoreds_id) VALUES (2, ${who.usersId}, ${record}) RETURNING id`,
  );
  const body = 'Call me on +1 415 555 0132.';
  const [letter] = await rows(
    sql`INSERT INTO messages (partners_id, user_sponsoreds_id, sponsoreds_id, users_id, direction, status, body, language, submitted_at, open_flags, flag_kinds)
        VALUES (2, ${sponsorship!.id}, ${record}, ${who.usersId}, 'to_sponsored', ${options.status ?? 'submitted'}, ${body}, 'en-US', now(),
                ${options.flagged ? 1 : 0}, ${options.flagged ? sql`ARRAY['phone']` : sql`'{}'::text[]`}) RETURNING id`,
  );
  let flag: number | null = null;
  if (options.flagged) {
    const [row] = await rows(
      sql`INSERT INTO message_flags (messages_id, kind, start, "end", text) VALUES (${letter!.id}, 'phone', 11, 26, '+1 415 555 0132') RETURNING id`,
    );
    flag = Number(row!.id);
  }
  return { letter: Number(letter!.id), flag };
}

const statusOf = async ({ rows }: AuditContext, id: number) =>
  String((await rows(sql`SELECT status FROM messages WHERE id = ${id}`))[0]?.status);

export const sponsorshipsAudit: AreaAudit = {
  scenarios: {
    // ------------------------------------------------------------------ issue 13: the Sponsors section
    'POST /api/dashboard/sponsorships': async ({ t, rows, partnerAdmin }) => {
      const admin = await partnerAdmin();
      const record = await insertRecord(t.database, { maxSlots: 1 });
      const email = `audit-manual-${record}@example.org`;
      return {
        call: () =>
          admin.client.post(
            '/api/dashboard/sponsorships?partnersId=2',
            { sponsoredsId: record, firstName: 'Audit', lastName: 'Manual', email },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM user_sponsoreds WHERE sponsoreds_id = ${record} AND is_manual`))
            .length === 1 &&
          (await rows(sql`SELECT 1 FROM sponsoreds WHERE id = ${record} AND slots_filled = 1`)).length === 1,
        action: 'sponsorship.manual_recorded',
        entityType: 'user_sponsored',
        usersId: admin.usersId,
      };
    },
    'POST /api/dashboard/sponsorships/:id/end': async (ctx) => {
      const { rows, person, partnerAdmin } = ctx;
      const admin = await partnerAdmin();
      const id = await manualSponsorshipOf(ctx, await person());
      return {
        call: () =>
          admin.client.post(
            `/api/dashboard/sponsorships/${id}/end?partnersId=2`,
            { reason: 'Audit ending' },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM user_sponsoreds WHERE id = ${id} AND date_ended IS NOT NULL`))
            .length === 1,
        action: 'sponsorship.ended',
        entityType: 'user_sponsored',
        usersId: admin.usersId,
        changes: { endReason: { before: null, after: 'Audit ending' } },
      };
    },
    'POST /api/dashboard/sponsorships/:id/move': async (ctx) => {
      const { t, rows, person, partnerAdmin } = ctx;
      const admin = await partnerAdmin();
      const id = await manualSponsorshipOf(ctx, await person());
      const to = await insertRecord(t.database, { maxSlots: 1 });
      return {
        call: () =>
          admin.client.post(
            `/api/dashboard/sponsorships/${id}/move?partnersId=2`,
            { sponsoredsId: to, reason: 'left the program' },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM user_sponsoreds WHERE sponsoreds_id = ${to} AND date_ended IS NULL`))
            .length === 1,
        action: 'sponsorship.moved',
        entityType: 'user_sponsored',
        usersId: admin.usersId,
      };
    },
    'POST /api/link': async (ctx) => {
      const { t, rows, person } = ctx;
      const holder = await person();
      const code = await linkCodeOf(ctx, await manualSponsorshipOf(ctx, holder));
      const who = await person();
      return {
        call: () => clientAs(t.port, who).post('/api/link?partnersId=2', { code }, freshAddress()),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM user_sponsoreds WHERE link_code = ${code} AND users_id = ${who.usersId}`,
            )
          ).length === 1,
        action: 'sponsorship.linked',
        entityType: 'user_sponsored',
        usersId: who.usersId,
        changes: { usersId: { before: holder.usersId, after: who.usersId } },
      };
    },
    // ---- W4 (issue 13 item 2): updates to sponsors.
    'POST /api/dashboard/updates': async ({ t, rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const record = await insertRecord(t.database, { maxSlots: 1 });
      const title = `Audit update ${randomUUID().slice(0, 8)}`;
      return {
        call: () =>
          client.post(
            '/api/dashboard/updates?partnersId=2',
            {
              title,
              updateMessage: '<p>Hello</p>',
              audience: { kind: 'records', sponsoredsIds: [record] },
              schedule: false,
            },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM update_posts WHERE title = ${title}`)).length === 1,
        action: 'update_post.created',
        entityType: 'update_post',
        usersId,
      };
    },
    'PATCH /api/dashboard/updates/:id': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { post, record } = await draftUpdatePost(ctx);
      return {
        call: () =>
          client.request(
            'PATCH',
            `/api/dashboard/updates/${post}?partnersId=2`,
            {
              title: 'Edited',
              updateMessage: '<p>Draft</p>',
              audience: { kind: 'records', sponsoredsIds: [record] },
              schedule: false,
            },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM update_posts WHERE id = ${post} AND title = 'Edited'`)).length === 1,
        action: 'update_post.updated',
        entityType: 'update_post',
        usersId,
        changes: { title: { before: 'Draft', after: 'Edited' } },
      };
    },
    'DELETE /api/dashboard/updates/:id': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { post } = await draftUpdatePost(ctx);
      return {
        call: () =>
          client.request('DELETE', `/api/dashboard/updates/${post}?partnersId=2`, undefined, freshAddress()),
        written: async () => (await rows(sql`SELECT 1 FROM update_posts WHERE id = ${post}`)).length === 0,
        action: 'update_post.deleted',
        entityType: 'update_post',
        usersId,
      };
    },
    'POST /api/dashboard/updates/:id/pictures': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { post } = await draftUpdatePost(ctx);
      const { body, contentType } = await multipartPicture();
      return {
        call: () =>
          client.request(
            'POST',
            `/api/dashboard/updates/${post}/pictures?partnersId=2`,
            undefined,
            {
              ...freshAddress(),
              'content-type': contentType,
            },
            body,
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM update_posts WHERE id = ${post} AND cardinality(picture_paths) = 1`))
            .length === 1,
        action: 'update_post.pictures_added',
        entityType: 'update_post',
        usersId,
      };
    },
    // ---- issue 24: letters.
    'PATCH /api/dashboard/letters/:id': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx);
      return {
        call: () =>
          client.request(
            'PATCH',
            `/api/dashboard/letters/${letter}?partnersId=2`,
            { body: 'Call me soon.' },
            freshAddress(),
          ),
        written: async () =>
          (await ctx.rows(sql`SELECT 1 FROM messages WHERE id = ${letter} AND body = 'Call me soon.'`))
            .length === 1,
        action: 'letter.edited',
        entityType: 'letter',
        usersId,
        changes: { body: { before: 'Call me on +1 415 555 0132.', after: 'Call me soon.' } },
      };
    },
    'POST /api/dashboard/letters/:id/approve': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx);
      return {
        call: () => client.post(`/api/dashboard/letters/${letter}/approve?partnersId=2`, {}, freshAddress()),
        written: async () => (await statusOf(ctx, letter)) === 'approved',
        action: 'letter.approved',
        entityType: 'letter',
        usersId,
        changes: { status: { before: 'submitted', after: 'approved' } },
      };
    },
    'POST /api/dashboard/letters/:id/reject': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx);
      return {
        call: () =>
          client.post(
            `/api/dashboard/letters/${letter}/reject?partnersId=2`,
            { reason: 'No phone numbers, please.' },
            freshAddress(),
          ),
        written: async () => (await statusOf(ctx, letter)) === 'rejected',
        action: 'letter.rejected',
        entityType: 'letter',
        usersId,
        changes: { rejectionReason: { before: null, after: 'No phone numbers, please.' } },
      };
    },
    'POST /api/dashboard/letters/:id/flags/:flagId': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter, flag } = await submittedLetter(ctx, { flagged: true });
      return {
        call: () =>
          client.post(
            `/api/dashboard/letters/${letter}/flags/${flag}?partnersId=2`,
            { action: 'accept', reason: 'The program office’s number.' },
            freshAddress(),
          ),
        written: async () =>
          (await ctx.rows(sql`SELECT 1 FROM message_flags WHERE id = ${flag} AND status = 'accepted'`))
            .length === 1,
        action: 'letter.flag_accepted',
        entityType: 'letter',
        usersId,
      };
    },
    'POST /api/dashboard/letters/approve': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx);
      return {
        call: () =>
          client.post('/api/dashboard/letters/approve?partnersId=2', { ids: [letter] }, freshAddress()),
        written: async () => (await statusOf(ctx, letter)) === 'approved',
        action: 'letter.approved',
        entityType: 'letter',
        usersId,
      };
    },
    'POST /api/dashboard/letters/steps': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx, { status: 'approved' });
      return {
        call: () =>
          client.post(
            '/api/dashboard/letters/steps?partnersId=2',
            { ids: [letter], status: 'sent_to_program' },
            freshAddress(),
          ),
        written: async () => (await statusOf(ctx, letter)) === 'sent_to_program',
        action: 'letter.sent_to_program',
        entityType: 'letter',
        usersId,
        changes: { status: { before: 'approved', after: 'sent_to_program' } },
      };
    },
    'PUT /api/dashboard/letters/settings': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const guidelines = `Audit guidelines ${randomUUID().slice(0, 8)}`;
      return {
        call: () =>
          client.request(
            'PUT',
            '/api/dashboard/letters/settings?partnersId=2',
            { guidelines, words: ['secret'] },
            freshAddress(),
          ),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM letter_settings WHERE partners_id = 2 AND guidelines = ${guidelines}`,
            )
          ).length === 1,
        action: 'letter_settings.updated',
        entityType: 'letter_settings',
        usersId,
      };
    },
    'POST /api/dashboard/letters': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx, { status: 'approved' });
      return {
        call: () =>
          client.post(
            '/api/dashboard/letters?partnersId=2',
            { replyToId: letter, body: 'Thank you for your letter!' },
            freshAddress(),
          ),
        written: async () =>
          (
            await ctx.rows(
              sql`SELECT 1 FROM messages WHERE reply_to_id = ${letter} AND direction = 'to_sponsor'`,
            )
          ).length === 1,
        action: 'letter.reply_typed',
        entityType: 'letter',
        usersId,
      };
    },
    'POST /api/dashboard/letters/print': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx, { status: 'approved' });
      const [program] = await ctx.rows(
        sql`SELECT s.entities_id FROM messages m JOIN sponsoreds s ON s.id = m.sponsoreds_id WHERE m.id = ${letter}`,
      );
      return {
        call: () =>
          client.post(
            '/api/dashboard/letters/print?partnersId=2',
            { programId: Number(program!.entities_id), ids: [letter] },
            freshAddress(),
          ),
        written: async () => (await statusOf(ctx, letter)) === 'printed',
        action: 'letter.printed',
        entityType: 'letter',
        usersId,
        changes: { status: { before: 'approved', after: 'printed' } },
      };
    },
    'POST /api/dashboard/letters/scans': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx, { status: 'printed' });
      const page = await QRCode.toBuffer(letterQrText(2, letter), { width: 400, margin: 4 });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(page)], { type: 'image/png' }), 'reply.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      return {
        call: () =>
          client.request(
            'POST',
            '/api/dashboard/letters/scans?partnersId=2',
            undefined,
            { ...freshAddress(), 'content-type': request.headers.get('content-type')! },
            body,
          ),
        written: async () =>
          (
            await ctx.rows(
              sql`SELECT 1 FROM messages WHERE reply_to_id = ${letter} AND scan_path IS NOT NULL`,
            )
          ).length === 1,
        action: 'letter.scan_matched',
        entityType: 'letter',
        usersId,
      };
    },
    'POST /api/dashboard/letters/scans/:id/match': async (ctx) => {
      const { client, usersId } = await ctx.partnerAdmin();
      const { letter } = await submittedLetter(ctx, { status: 'printed' });
      const [scan] = await ctx.rows(
        sql`INSERT INTO letter_scans (partners_id, file_name, page, picture_path, problem)
            VALUES (2, 'page.jpg', 1, 'letters/scans/0/page.jpg', 'No letter code could be read on this page: match it by hand.') RETURNING id`,
      );
      const id = Number(scan!.id);
      return {
        call: () =>
          client.post(
            `/api/dashboard/letters/scans/${id}/match?partnersId=2`,
            { replyToId: letter },
            freshAddress(),
          ),
        written: async () =>
          (await ctx.rows(sql`SELECT 1 FROM letter_scans WHERE id = ${id} AND messages_id IS NOT NULL`))
            .length === 1,
        action: 'letter.scan_matched',
        entityType: 'letter',
        usersId,
      };
    },
  },
  notAudited: {
    'POST /api/sponsoreds/:id/messages':
      "a sponsor's own letter: its history (who, when) is kept in message_steps, and nothing reaches anyone before a moderator's audited decision",
    'PATCH /api/messages/:id': "the writer's own draft (its history is in message_steps)",
    'DELETE /api/messages/:id': "the writer's own draft, which nobody else ever saw",
  },
};
