import { randomBytes } from 'node:crypto';
import { sponsoredRecordName, type Locale } from '@kinship/domain';
import { defineMessages } from '@formatjs/intl';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { partners, updatePosts } from '../../../db/schema/index.ts';
import type { Tx } from '../../../db/types.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../../platform/audit.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn } from '../../../platform/messages.ts';
import { BATCH_BUDGET_MS, batchClock, giveWay } from '../../../platform/give-way.ts';
import type { JobContext, JobSummary } from '../../../platform/jobs.ts';
import {
  activeSponsorsOfRecords,
  findDuePostIds,
  findRecordsByIds,
  insertNotice,
  lockPost,
  queuedMailKeys,
  updatePost,
  upsertRecordUpdate,
  type UpdatePostRow,
} from './updates.repository.ts';
import { type SiteUrlConfig, partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';

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

/** Names joined as a sentence says them: "Ana", "Ana and Ben", "Ana, Ben and Carl". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** People a distribution transaction takes at most (it also stops when BATCH_BUDGET_MS is spent). */
export const DISTRIBUTION_BATCH_SIZE = 200;

export interface DistributionOptions {
  /** People per transaction at most (default DISTRIBUTION_BATCH_SIZE). */
  batchSize?: number;
  /** A transaction stops taking people after this long (default BATCH_BUDGET_MS); it always takes one. */
  batchBudgetMs?: number;
  /** Called after each committed transaction of people with how many it took (tests observe batches). */
  onBatch?: (people: number) => void | Promise<void>;
}

/** One email of a distribution: an address and the records of the post its people sponsor. */
interface Recipient {
  key: string;
  email: string;
  firstName: string | null;
  /** The first saved language among the people at this address. */
  locale: string | null;
  usersIds: number[];
  sponsoredsIds: number[];
}

type Outcome = { distributed: boolean; records: number; notices: number };
const NOTHING: Outcome = { distributed: false, records: 0, notices: 0 };

/**
 * Distributes one scheduled post whose time has come (decisions 037 and 053), in short
 * transactions that give way to requests between them:
 * 1. the record updates (unique per post and record), a few hundred a transaction;
 * 2. the sponsors, grouped into one email per address (a person sponsoring three records of the post
 *    gets one email naming the three), up to DISTRIBUTION_BATCH_SIZE people or BATCH_BUDGET_MS a
 *    transaction: each person's notices (unique per update and person) and their one mail (outbox
 *    dedupe key `update-post:{postId}:{usersId}`, the first person of the address);
 * 3. the post becomes `sent` with its audit row.
 * Every transaction re-locks the post and stops when it is no longer the scheduled post this run
 * read (edited, unscheduled or deleted meanwhile; the next sweep starts again from its new state).
 * A retried, restarted or concurrent run finds the rows already written and queues nothing twice:
 * it continues where the last committed transaction ended.
 */
export async function distributePost(
  db: Db,
  config: SiteUrlConfig,
  postId: number,
  now: Date,
  options: DistributionOptions = {},
): Promise<Outcome> {
  const batchSize = Math.max(1, options.batchSize ?? DISTRIBUTION_BATCH_SIZE);
  const [post] = await db.select().from(updatePosts).where(eq(updatePosts.id, postId));
  if (!isDue(post, now)) return NOTHING;
  const [partner] = await db
    .select({
      subdomain: partners.subdomain,
      name: partners.name,
      defaultLocale: partners.defaultLocale,
      locales: partners.locales,
    })
    .from(partners)
    .where(eq(partners.id, post.partnersId));
  const records = await findRecordsByIds(db, post.partnersId, post.sponsoredsIds);
  const distributionDate = post.distributeAt!.toISOString().slice(0, 10);
  const message = deliveredMessage(post);

  /** One short transaction of this run: null when the post is no longer the one this run read. */
  const step = async <T>(work: (tx: Tx) => Promise<T>): Promise<{ value: T } | null> => {
    const clock = batchClock(options.batchBudgetMs ?? BATCH_BUDGET_MS);
    const result = await db.transaction(async (tx) => {
      const locked = await lockPost(tx, post.id);
      if (!isDue(locked, now) || locked.updatedAt.getTime() !== post.updatedAt.getTime()) return null;
      return { value: await work(tx) };
    });
    await giveWay(clock.elapsed());
    return result;
  };

  // 1. The record updates.
  const updateOf = new Map<number, { id: number; code: string }>();
  for (let i = 0; i < records.length; i += batchSize) {
    const slice = records.slice(i, i + batchSize);
    const written = await step(async (tx) => {
      const rows = [];
      for (const record of slice) {
        rows.push(
          await upsertRecordUpdate(tx, {
            partnersId: post.partnersId,
            sponsoredsId: record.id,
            updatePostsId: post.id,
            code: newUpdateCode(),
            title: post.title,
            distributionDate,
            updateMessage: message,
          }),
        );
      }
      return rows;
    });
    if (!written) return NOTHING;
    for (const row of written.value) updateOf.set(row.sponsoredsId, { id: row.id, code: row.code });
  }

  // 2. One email per address (the people sharing it get their notices, the mail goes once).
  const sponsors = await activeSponsorsOfRecords(
    db,
    post.partnersId,
    records.map((r) => r.id),
  );
  const byAddress = new Map<string, Recipient>();
  for (const s of [...sponsors].sort((a, b) => a.usersId - b.usersId || a.sponsoredsId - b.sponsoredsId)) {
    if (!s.email) continue;
    const address = s.email.trim().toLowerCase();
    let recipient = byAddress.get(address);
    if (!recipient) {
      recipient = {
        key: `update-post:${post.id}:${s.usersId}`,
        email: s.email,
        firstName: s.firstName,
        locale: s.locale,
        usersIds: [],
        sponsoredsIds: [],
      };
      byAddress.set(address, recipient);
    }
    if (!recipient.usersIds.includes(s.usersId)) recipient.usersIds.push(s.usersId);
    if (!recipient.sponsoredsIds.includes(s.sponsoredsId)) recipient.sponsoredsIds.push(s.sponsoredsId);
    recipient.firstName ??= s.firstName;
    recipient.locale ??= s.locale;
  }
  // A retried run continues: the people whose mail an earlier run committed are done (their notices
  // were written in the same transaction as the mail).
  const queuedBefore = new Set(await queuedMailKeys(db, `update-post:${post.id}:`));
  const recipients = [...byAddress.values()].filter((r) => !queuedBefore.has(r.key));
  // Emails name a record without its last name (as receipts do), in the order of the post.
  const recordName = new Map(records.map((r) => [r.id, sponsoredRecordName({ ...r, lastName: null })]));
  const order = new Map(records.map((r, i) => [r.id, i]));
  let notices = 0;
  let done = 0;
  while (done < recipients.length) {
    const clock = batchClock(options.batchBudgetMs ?? BATCH_BUDGET_MS);
    const taken = await step(async (tx) => {
      let n = 0;
      let queued = 0;
      for (const recipient of recipients.slice(done, done + batchSize)) {
        if (n > 0 && clock.spent()) break;
        n++;
        const covered = [...recipient.sponsoredsIds].sort((a, b) => order.get(a)! - order.get(b)!);
        for (const usersId of recipient.usersIds) {
          for (const sponsoredsId of covered) {
            await insertNotice(tx, {
              partnersId: post.partnersId,
              updatesId: updateOf.get(sponsoredsId)!.id,
              usersId,
              sentAt: now,
            });
          }
        }
        const mail = noticeMail(
          partner!.name,
          post.title,
          recipient.firstName,
          covered.map((id) => ({
            name: recordName.get(id)!,
            link: updatePageUrl(partner!, updateOf.get(id)!.code, config),
          })),
          localeOfRecipient(partner!, recipient.locale),
        );
        if (
          await insertOutboxMessage(tx, {
            partnersId: post.partnersId,
            kind: 'update_notice',
            dedupeKey: recipient.key,
            toAddress: recipient.email,
            ...mail,
          })
        ) {
          queued++;
        }
      }
      return { n, queued };
    });
    if (!taken) return { ...NOTHING, notices };
    done += taken.value.n;
    notices += taken.value.queued;
    await options.onBatch?.(taken.value.n);
  }

  // 3. The post is sent.
  const sent = await step(async (tx) => {
    await updatePost(tx, post.id, { status: 'sent', sentAt: now });
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      partnersId: post.partnersId,
      action: 'update_post.sent',
      entityType: 'update_post',
      entityId: post.id,
      before: { status: 'scheduled' },
      after: { status: 'sent' },
      details: { records: records.length, emails: byAddress.size },
    });
  });
  return { distributed: sent !== null, records: sent ? records.length : 0, notices };
}

function isDue(post: UpdatePostRow | null | undefined, now: Date): post is UpdatePostRow {
  return !!post && post.status === 'scheduled' && !!post.distributeAt && post.distributeAt <= now;
}

const noticeMessages = defineMessages({
  hello: { id: 'mail.update.hello', defaultMessage: 'Hello,' },
  helloNamed: { id: 'mail.update.helloNamed', defaultMessage: 'Hello {name},' },
  readIt: { id: 'mail.update.readIt', defaultMessage: 'Read it here: {link}' },
  readAbout: { id: 'mail.update.readAbout', defaultMessage: 'Read about {name}: {link}' },
  readAboutLink: { id: 'mail.update.readAboutLink', defaultMessage: 'Read about {name}' },
  readUpdate: { id: 'mail.update.readUpdate', defaultMessage: 'Read the update' },
  subject: { id: 'mail.update.subject', defaultMessage: '{partnerName}: {title} (an update about {names})' },
  posted: {
    id: 'mail.update.posted',
    defaultMessage: '{partnerName} has posted an update about {names}, whom you sponsor: "{title}".',
  },
  postedLead: {
    id: 'mail.update.postedLead',
    defaultMessage: '{partnerName} has posted an update about {names}, whom you sponsor:',
  },
  thanks: { id: 'mail.update.thanks', defaultMessage: 'Thank you for your support.' },
});

/** Names as a sentence says them in the locale ("Ana, Ben and Carl"; "Ana, Ben et Carl"). */
function namesIn(locale: Locale, names: readonly string[]): string {
  if (locale === 'en-US') return namesInWords(names);
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * The one email of an update to one address, naming every record of the post it covers, in the
 * recipient's language (decision 070; en-US word for word as before).
 */
export function noticeMail(
  partnerName: string,
  title: string,
  firstName: string | null,
  covered: readonly { name: string; link: string }[],
  locale: Locale = 'en-US',
): { subject: string; bodyText: string; bodyHtml: string } {
  const say = sayIn(locale);
  const m = noticeMessages;
  const names = namesIn(
    locale,
    covered.map((c) => c.name),
  );
  const hello = firstName ? say(m.helloNamed, { name: firstName }) : say(m.hello);
  const single = covered.length === 1;
  const linksText = single
    ? say(m.readIt, { link: covered[0]!.link })
    : covered.map((c) => say(m.readAbout, { name: c.name, link: c.link })).join('\n');
  const linksHtml = single
    ? `<p><a href="${escapeHtml(covered[0]!.link)}">${escapeHtml(say(m.readUpdate))}</a></p>`
    : `<ul>${covered
        .map(
          (c) =>
            `<li><a href="${escapeHtml(c.link)}">${escapeHtml(say(m.readAboutLink, { name: c.name }))}</a></li>`,
        )
        .join('')}</ul>`;
  const thanks = say(m.thanks);
  const posted = say(m.posted, { partnerName, names, title });
  return {
    subject: say(m.subject, { partnerName, title, names }),
    bodyText: `${hello}\n\n${posted}\n\n${linksText}\n\n${thanks}\n${partnerName}`,
    bodyHtml:
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(say(m.postedLead, { partnerName, names }))} ` +
      `<strong>${escapeHtml(title)}</strong>.</p>` +
      linksHtml +
      `<p>${escapeHtml(thanks)}<br>${escapeHtml(partnerName)}</p>`,
  };
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
    // A run that lost a race still counts the mails it queued; the post counts for the run that sent it.
    summary.notices += result.notices;
    if (!result.distributed) continue;
    summary.posts++;
    summary.records += result.records;
  }
  return summary;
}
