import {
  actionScope,
  can,
  ERRORS,
  LETTER_RELEASED_STATUSES,
  type LetterDirection,
  type LetterScanPage,
  type LetterStatus,
  type Locale,
} from '@kinship/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.ts';
import { letterScans, messages, sponsoreds, users } from '../../../db/schema/index.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { HttpError, refuse } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { UploadedFile } from '../../../platform/uploads.ts';
import { renderLetterBatchPdf, renderLetterPdf } from './letter-pdf.ts';
import { readScanFile, SCAN_PROBLEMS, scanProblemIn } from './letter-scan.ts';
import { findLetter, findPerson, findRecord, type LetterRow } from './letters.repository.ts';
import {
  createReply,
  LETTER_NOT_FOUND_MESSAGE,
  LETTER_PROGRAM_MESSAGE,
  markPrinted,
  readableLetter,
  requireLetters,
} from './letters.service.ts';

// Letters on paper (issue 24, decision 077): a letter as a PDF (the spec's message.pdf), the print
// batch of a program's approved sponsor letters with a QR code each, and the scanned or
// photographed replies matched back to their letters by that code (or by hand).

type Deps = { db: Db; storage: Storage };

export const NOTHING_TO_PRINT_MESSAGE =
  'There are no approved letters of this program waiting to be printed.';
export const SCAN_MATCHED_MESSAGE = 'This page has already been matched to a letter.';
export const SCAN_NOT_FOUND_MESSAGE = 'This scanned page was not found.';
export const NO_SCAN_FILE_MESSAGE =
  'Send at least one picture or PDF as a file of a multipart/form-data body.';
export const MAX_PRINT_LETTERS = 500;

async function stored(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const file = await storage.get(key);
  return file ? file.data : null;
}

async function picturesOf(storage: Storage, letter: LetterRow): Promise<Buffer[]> {
  const files = await Promise.all(letter.picturePaths.map((key) => stored(storage, key)));
  return files.filter((f): f is Buffer => f !== null);
}

/**
 * GET messages/{id}/pdf: the letter with its pictures, or its scan. Its writer, its sponsor once a
 * reply is released, and moderators of its program; anyone else: 404, as if there were no letter.
 */
export async function letterPdf(deps: Deps, ctx: SiteContext, id: number, locale: Locale): Promise<Buffer> {
  await requireLetters(deps.db, ctx);
  const letter = await readableLetter(deps.db, ctx, id);
  if (!letter) throw refuse(ERRORS.LETTER_NOT_FOUND, LETTER_NOT_FOUND_MESSAGE);
  const record = await findRecord(deps.db, ctx.partner.id, letter.sponsoredsId);
  return renderLetterPdf(
    {
      id: letter.id,
      direction: letter.direction as LetterDirection,
      recordName: record ? (record.firstName ?? record.title ?? record.code) : '',
      sponsorFirstName: (await findPerson(deps.db, letter.usersId))?.firstName ?? '',
      body: letter.body,
      language: letter.language,
      createdAt: letter.submittedAt ?? letter.createdAt,
      pictures: await picturesOf(deps.storage, letter),
      scan: await stored(deps.storage, letter.scanPath),
    },
    { locale, partnerName: ctx.partner.name },
  );
}

/**
 * POST dashboard/letters/print: the program's approved sponsor letters (oldest first, at most 500),
 * or the given ones of the program again, a letter a page; the approved ones move to `printed`
 * once the PDF is made.
 */
export async function printLetters(
  deps: Deps,
  ctx: SiteContext,
  input: { programId: number; ids?: number[] | undefined },
  locale: Locale,
): Promise<Buffer> {
  requireAccess(ctx, 'letters.moderate');
  await requireLetters(deps.db, ctx);
  requireAccess(ctx, 'letters.moderate', { entitiesId: input.programId }, LETTER_PROGRAM_MESSAGE);
  const rows = await deps.db
    .select({ letter: messages, recordCode: sponsoreds.code, sponsorFirstName: users.firstName })
    .from(messages)
    .innerJoin(sponsoreds, eq(sponsoreds.id, messages.sponsoredsId))
    .innerJoin(users, eq(users.id, messages.usersId))
    .where(
      and(
        eq(messages.partnersId, ctx.partner.id),
        eq(sponsoreds.entitiesId, input.programId),
        eq(messages.direction, 'to_sponsored'),
        input.ids?.length
          ? and(
              inArray(messages.id, input.ids),
              inArray(messages.status, ['approved', 'printed', 'sent_to_program', 'delivered']),
            )
          : eq(messages.status, 'approved'),
      ),
    )
    .orderBy(asc(messages.submittedAt), asc(messages.id))
    .limit(MAX_PRINT_LETTERS);
  if (rows.length === 0) throw refuse(ERRORS.LETTER_STATE, NOTHING_TO_PRINT_MESSAGE);
  const items = [];
  for (const r of rows) {
    items.push({
      id: r.letter.id,
      partnersId: r.letter.partnersId,
      recordCode: r.recordCode,
      sponsorFirstName: r.sponsorFirstName ?? '',
      body: r.letter.body,
      language: r.letter.language,
      pictures: await picturesOf(deps.storage, r.letter),
    });
  }
  const pdf = await renderLetterBatchPdf(items, { locale, partnerName: ctx.partner.name });
  await deps.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(messages)
      .where(
        and(
          inArray(
            messages.id,
            rows.filter((r) => r.letter.status === 'approved').map((r) => r.letter.id),
          ),
          eq(messages.status, 'approved'),
        ),
      )
      .orderBy(asc(messages.id))
      .for('update');
    await markPrinted(tx, ctx, locked);
  });
  return pdf;
}

// ---------------------------------------------------------------------------- scans

const scanKey = (id: number) => `letters/scans/${id}/page.jpg`;

function scanView(row: typeof letterScans.$inferSelect, locale: Locale): LetterScanPage {
  return {
    id: row.id,
    fileName: row.fileName,
    page: row.page,
    letterId: row.messagesId,
    replyToId: row.replyToId,
    problem: row.problem ? scanProblemIn(locale, row.problem) : null,
    picture: `/media/${row.picturePath}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The sponsor letter a page's code names, if this moderator may answer it; else why not. */
async function letterForCode(
  db: Queryable,
  ctx: SiteContext,
  qr: { partnersId: number; letterId: number } | null,
): Promise<{ letter: LetterRow } | { problem: string }> {
  if (!qr) return { problem: SCAN_PROBLEMS.noCode };
  if (qr.partnersId !== ctx.partner.id) return { problem: SCAN_PROBLEMS.otherPartner };
  const letter = await findLetter(db, ctx.partner.id, qr.letterId);
  if (
    !letter ||
    letter.direction !== 'to_sponsored' ||
    !LETTER_RELEASED_STATUSES.includes(letter.status as LetterStatus)
  )
    return { problem: SCAN_PROBLEMS.unknownLetter };
  const record = await findRecord(db, ctx.partner.id, letter.sponsoredsId);
  const permissions = ctx.viewer?.permissions ?? null;
  if (
    !record ||
    !can(permissions, 'letters.moderate', { partnersId: ctx.partner.id, entitiesId: record.entitiesId })
  )
    return { problem: SCAN_PROBLEMS.unknownLetter };
  return { letter };
}

/**
 * POST dashboard/letters/scans: each page of each file (pictures or PDFs) is stored as a JPEG and,
 * when its code names a letter this moderator answers, becomes a reply waiting for review.
 */
export async function uploadScans(
  deps: Deps,
  ctx: SiteContext,
  files: AsyncIterable<UploadedFile>,
  locale: Locale,
): Promise<LetterScanPage[]> {
  requireAccess(ctx, 'letters.moderate');
  await requireLetters(deps.db, ctx);
  const me = ctx.viewer?.user?.id ?? null;
  const pages: Array<{ fileName: string; page: Awaited<ReturnType<typeof readScanFile>>[number] }> = [];
  for await (const file of files) {
    for (const page of await readScanFile(await file.read(), file.fileName))
      pages.push({ fileName: file.fileName, page });
  }
  if (pages.length === 0) throw new HttpError(400, NO_SCAN_FILE_MESSAGE);
  const out: LetterScanPage[] = [];
  // One short transaction per page: a 50-page batch never holds the database for long.
  for (const { fileName, page } of pages) {
    const target = await letterForCode(deps.db, ctx, page.qr);
    const row = await deps.db.transaction(async (tx) => {
      const [scan] = await tx
        .insert(letterScans)
        .values({
          partnersId: ctx.partner.id,
          fileName,
          page: page.page,
          picturePath: 'pending',
          problem: 'problem' in target ? target.problem : page.problem,
          createdByUsersId: me,
        })
        .returning();
      const key = scanKey(scan!.id);
      await deps.storage.put(key, page.picture, 'image/jpeg');
      let messagesId: number | null = null;
      if ('letter' in target) {
        const reply = await createReply(tx, ctx, target.letter, {
          body: '',
          language: target.letter.language,
          scanPath: key,
          byUsersId: me,
        });
        messagesId = reply.id;
        await recordAudit(tx, {
          actor: actorOf(ctx),
          partnersId: ctx.partner.id,
          action: 'letter.scan_matched',
          entityType: 'letter',
          entityId: reply.id,
          details: { scanId: scan!.id, replyToId: target.letter.id, by: 'code' },
        });
      }
      const [updated] = await tx
        .update(letterScans)
        .set({
          picturePath: key,
          messagesId,
          replyToId: 'letter' in target ? target.letter.id : null,
          problem: 'letter' in target ? null : 'problem' in target ? target.problem : page.problem,
        })
        .where(eq(letterScans.id, scan!.id))
        .returning();
      return updated!;
    });
    out.push(scanView(row, locale));
  }
  return out;
}

/**
 * Which scans a moderator sees: partner-wide moderators all of them; a program-scoped one the
 * pages they uploaded and those matched to letters of their programs.
 */
function scanScope(ctx: SiteContext) {
  const scope = requireAccess(ctx, 'letters.moderate');
  if (scope.entityIds === 'all') return undefined;
  const me = ctx.viewer?.user?.id ?? 0;
  const programs = scope.entityIds.length ? scope.entityIds : [0];
  return or(
    eq(letterScans.createdByUsersId, me),
    sql`EXISTS (SELECT 1 FROM messages m JOIN sponsoreds s ON s.id = m.sponsoreds_id
        WHERE m.id = ${letterScans.replyToId} AND s.entities_id IN (${sql.join(
          programs.map((p) => sql`${p}`),
          sql`, `,
        )}))`,
  );
}

/** GET dashboard/letters/scans: the newest pages (or only those waiting to be matched). */
export async function listScans(db: Db, ctx: SiteContext, unmatched: boolean, locale: Locale) {
  const scope = scanScope(ctx);
  await requireLetters(db, ctx);
  const rows = await db
    .select()
    .from(letterScans)
    .where(
      and(
        eq(letterScans.partnersId, ctx.partner.id),
        scope,
        unmatched ? isNull(letterScans.messagesId) : undefined,
      ),
    )
    .orderBy(desc(letterScans.createdAt), desc(letterScans.id))
    .limit(200);
  return rows.map((r) => scanView(r, locale));
}

/** POST dashboard/letters/scans/{id}/match: a page without a readable code, matched by hand. */
export async function matchScan(
  db: Db,
  ctx: SiteContext,
  id: number,
  replyToId: number,
  locale: Locale,
): Promise<LetterScanPage> {
  const scope = scanScope(ctx);
  await requireLetters(db, ctx);
  const [scan] = await db
    .select()
    .from(letterScans)
    .where(and(eq(letterScans.id, id), eq(letterScans.partnersId, ctx.partner.id), scope));
  if (!scan) throw refuse(ERRORS.NOT_FOUND, SCAN_NOT_FOUND_MESSAGE);
  const target = await letterForCode(db, ctx, { partnersId: ctx.partner.id, letterId: replyToId });
  if ('problem' in target) {
    // The same answer for a letter that is not there and one of another program: nothing leaks.
    throw refuse(ERRORS.LETTER_NOT_FOUND, LETTER_NOT_FOUND_MESSAGE);
  }
  const me = ctx.viewer?.user?.id ?? null;
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(letterScans).where(eq(letterScans.id, id)).for('update');
    if (!locked || locked.messagesId !== null) throw refuse(ERRORS.CONFLICT, SCAN_MATCHED_MESSAGE);
    const reply = await createReply(tx, ctx, target.letter, {
      body: '',
      language: target.letter.language,
      scanPath: locked.picturePath,
      byUsersId: me,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'letter.scan_matched',
      entityType: 'letter',
      entityId: reply.id,
      details: { scanId: id, replyToId: target.letter.id, by: 'hand' },
    });
    const [updated] = await tx
      .update(letterScans)
      .set({ messagesId: reply.id, replyToId: target.letter.id, problem: null })
      .where(eq(letterScans.id, id))
      .returning();
    return updated!;
  });
  return scanView(row, locale);
}

/** Whether the viewer may see a stored scan page (`letters/scans/{id}/...`). */
export async function canViewScan(db: Db, ctx: SiteContext, scanId: number): Promise<boolean> {
  if (!ctx.viewer || scanId > 2_147_483_647) return false;
  const [scan] = await db
    .select()
    .from(letterScans)
    .where(and(eq(letterScans.id, scanId), eq(letterScans.partnersId, ctx.partner.id)));
  if (!scan) return false;
  // The reply it became decides (its sponsor once released, its moderators).
  if (scan.messagesId !== null && (await readableLetter(db, ctx, scan.messagesId))) return true;
  // A page no letter reads yet: partner-wide moderators, and whoever uploaded it.
  const scope = actionScope(ctx.viewer.permissions, 'letters.moderate', ctx.partner.id);
  if (scope === null) return false;
  return scope === 'all' || scan.createdByUsersId === ctx.viewer.user?.id;
}
