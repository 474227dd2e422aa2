import { randomBytes } from 'node:crypto';
import { sponsoredRecordName } from '@kinship/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit.ts';
import type { JobContext, JobSummary } from '../../platform/jobs.ts';
import { partnerSiteUrl, type SiteUrlConfig } from '../receipts/receipts.service.ts';
import {
  activeSponsorsOfRecords,
  findDuePostIds,
  findRecordsByIds,
  insertNoticeOnce,
  lockPost,
  updatePost,
  upsertRecordUpdate,
  type UpdatePostRow,
} from './updates.repository.ts';

/** 24 characters of base64url: 144 random bits, the unguessable part of /sponsored/update/{code}. */
export const newUpdateCode = (): string => randomBytes(18).toString('base64url');

/** The page of one record's update on the partner's own site. */
export const updatePageUrl = (partner: { subdomain: string }, code: string, config?: SiteUrlConfig) =>
  partnerSiteUrl(partner, `/sponsored/update/${encodeURIComponent(code)}`, config);

/** The message as each record's update carries it: the text, then the post's pictures. */
export function deliveredMessage(post: Pick<UpdatePostRow, 'updateMessage' | 'picturePaths'>): string {
  const pictures = post.picturePaths
    .map((path) => `<p><img src="/media/${path}" alt="" loading="lazy"></p>`)
    .join('');
  return post.updateMessage + pictures;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Distributes one scheduled post whose time has come, in one transaction under the post's row
 * lock: a record update per record (unique per post and record) and, per active sponsor, a notice
 * with its mail (unique per update and person). A retried, restarted or concurrent run finds the
 * post sent, or finds the rows already written and queues nothing twice.
 */
export async function distributePost(
  db: Db,
  config: SiteUrlConfig,
  postId: number,
  now: Date,
): Promise<{ distributed: boolean; records: number; notices: number }> {
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (!post || post.status !== 'scheduled' || !post.distributeAt || post.distributeAt > now) {
      return { distributed: false, records: 0, notices: 0 };
    }
    const [partner] = await tx
      .select({ subdomain: partners.subdomain, name: partners.name })
      .from(partners)
      .where(eq(partners.id, post.partnersId));
    const records = await findRecordsByIds(tx, post.partnersId, post.sponsoredsIds);
    const sponsors = await activeSponsorsOfRecords(
      tx,
      post.partnersId,
      records.map((r) => r.id),
    );
    const distributionDate = post.distributeAt.toISOString().slice(0, 10);
    const message = deliveredMessage(post);
    let notices = 0;
    for (const record of records) {
      const update = await upsertRecordUpdate(tx, {
        partnersId: post.partnersId,
        sponsoredsId: record.id,
        updatePostsId: post.id,
        code: newUpdateCode(),
        title: post.title,
        distributionDate,
        updateMessage: message,
      });
      // Emails name the record without a last name (as receipts do).
      const name = sponsoredRecordName({ ...record, lastName: null });
      const link = updatePageUrl(partner!, update.code, config);
      for (const sponsor of sponsors.filter((s) => s.sponsoredsId === record.id)) {
        if (!sponsor.email) continue;
        const hello = `Hello${sponsor.firstName ? ` ${sponsor.firstName}` : ''},`;
        const sent = await insertNoticeOnce(
          tx,
          { partnersId: post.partnersId, updatesId: update.id, usersId: sponsor.usersId, sentAt: now },
          {
            partnersId: post.partnersId,
            kind: 'update_notice',
            dedupeKey: `update:${update.id}:${sponsor.usersId}`,
            toAddress: sponsor.email,
            subject: `${partner!.name}: ${post.title} (an update about ${name})`,
            bodyText:
              `${hello}\n\n${partner!.name} has posted an update about ${name}, whom you sponsor: ` +
              `"${post.title}".\n\nRead it here: ${link}\n\nThank you for your support.\n${partner!.name}`,
            bodyHtml:
              `<p>${escapeHtml(hello)}</p><p>${escapeHtml(partner!.name)} has posted an update about ` +
              `${escapeHtml(name)}, whom you sponsor: <strong>${escapeHtml(post.title)}</strong>.</p>` +
              `<p><a href="${escapeHtml(link)}">Read the update</a></p>` +
              `<p>Thank you for your support.<br>${escapeHtml(partner!.name)}</p>`,
          },
        );
        if (sent) notices++;
      }
    }
    await updatePost(tx, post.id, { status: 'sent', sentAt: now });
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      partnersId: post.partnersId,
      action: 'update_post.sent',
      entityType: 'update_post',
      entityId: post.id,
      before: { status: 'scheduled' },
      after: { status: 'sent' },
      details: { records: records.length, notices },
    });
    return { distributed: true, records: records.length, notices };
  });
}

/**
 * The job's work: the one post it was sent for (at its distribution time), or every due post
 * (the periodic sweep, which also catches a post whose time was moved or whose job was lost).
 */
export async function distributeDuePosts(
  ctx: Pick<JobContext, 'database' | 'config' | 'now'>,
  updatePostsId?: number,
): Promise<JobSummary> {
  const ids = updatePostsId
    ? [updatePostsId]
    : (await findDuePostIds(ctx.database.db, ctx.now, 100)).map((r) => r.id);
  const summary = { posts: 0, records: 0, notices: 0 };
  for (const id of ids) {
    const result = await distributePost(ctx.database.db, ctx.config, id, ctx.now);
    if (!result.distributed) continue;
    summary.posts++;
    summary.records += result.records;
    summary.notices += result.notices;
  }
  return summary;
}
