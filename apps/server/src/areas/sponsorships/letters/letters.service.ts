import { randomUUID } from 'node:crypto';
import {
  can,
  canMoveLetter,
  ERRORS,
  Feature,
  hasFeature,
  LETTER_MAX_PICTURES,
  LETTER_OPEN_STATUSES,
  LETTER_RELEASED_STATUSES,
  LETTER_REMOVED_MARK,
  storedTranslations,
  TRANSLATABLE_FIELDS,
  translatedText,
  ROLE_ACTIONS,
  screenLetter,
  sponsoredRecordName,
  type CountryCode,
  type LetterBulkResult,
  type LetterCreated,
  type LetterDeliveryStep,
  type LetterDetail,
  type LetterDirection,
  type LetterDraftInput,
  type LetterEdit,
  type LetterFlagDecision,
  type LetterFlagKind,
  type LetterFlagRow,
  type LetterInput,
  type LetterQueueItem,
  type LetterReplyInput,
  type LetterSettingsAnswer,
  type LetterSettingsInput,
  type Locale,
  type LetterStatus,
  type LetterStep,
  type RecordLetters,
  type SponsorLetter,
} from '@kinship/domain';
import type { Db, Queryable, Tx } from '../../../db/client.ts';
import { requireAccess, scopeCondition, type AccessScope } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import {
  badRequest,
  fieldErrors,
  forbidden,
  HttpError,
  refuse,
  unauthorized,
} from '../../../platform/errors.ts';
import { emit } from '../../../platform/events.ts';
import { processImage, type ProcessedImage } from '../../../platform/images.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import type { Storage } from '../../../platform/storage.ts';
import { translationsToStore } from '../../../platform/translations.ts';
import type { UploadedFile } from '../../../platform/uploads.ts';
import { partnerViewOf } from '../../partners/index.ts';
import { sponsoreds } from '../../../db/schema/index.ts';
import {
  deleteLetter,
  findFlag,
  findLetter,
  findLetterRow,
  findLetterRows,
  findRecord,
  findSettings,
  flagsOf,
  insertLetter,
  insertStep,
  listOfSponsor,
  listQueue,
  lockLetter,
  refreshFlagSummary,
  replaceTextFlags,
  saveSettings,
  sponsorshipsOfRecord,
  staffWithRoles,
  stepsOf,
  typicalStepSeconds,
  updateFlag,
  updateLetter,
  type LetterFlagDbRow,
  type LetterListRow,
  type LetterRow,
} from './letters.repository.ts';

// Letters between sponsors and the people they sponsor (issue 24, decision 076). The rule that
// matters most: a letter reaches nobody but its writer and staff holding letters.moderate before a
// moderator approves it. Every read below either is the writer's own, or is staff with
// letters.moderate at the letter's program, or shows only released letters (a sponsor's replies).

export const LETTER_NOT_FOUND_MESSAGE = 'This letter was not found.';
export const LETTER_NOT_SPONSOR_MESSAGE = 'You can write only to someone you sponsor.';
export const LETTER_ENDED_MESSAGE =
  'Your sponsorship has ended: you can read your letters but not write new ones.';
export const LETTER_NOT_DRAFT_MESSAGE = 'This letter has been sent: it can no longer be changed.';
export const LETTER_PICTURES_MESSAGE = `A letter can have at most ${LETTER_MAX_PICTURES} pictures.`;
export const LETTER_OTHERS_MESSAGE = 'You can only see your own letters.';
export const LETTER_DECIDED_MESSAGE = 'This letter has already been decided: it can no longer be changed.';
export const LETTER_FLAGS_OPEN_MESSAGE = 'Remove or accept each flag before approving this letter.';
export const LETTER_FLAG_NOT_FOUND_MESSAGE = 'This flag was not found on the letter.';
export const LETTER_FLAG_DECIDED_MESSAGE = 'This flag has already been decided.';
export const LETTER_PROGRAM_MESSAGE = 'You can moderate only the letters of your programs.';
export const LETTER_ASSIGNEE_MESSAGE =
  'Assign letters only to a colleague who moderates letters of this program.';
export const LETTER_REPLY_TO_MESSAGE = 'A reply answers a letter a sponsor wrote.';

type Deps = { db: Db; storage: Storage };

// ------------------------------------------------------------------------------------ shared

/** Feature 4 off: every letters call answers as a page that does not exist. */
export async function requireLetters(db: Db, ctx: SiteContext): Promise<void> {
  assertSiteOpen(ctx);
  if (!hasFeature(await partnerViewOf(db, ctx.partner), Feature.Messages)) {
    throw refuse(ERRORS.FEATURE_OFF, 'Not found.');
  }
}

const notFound = () => refuse(ERRORS.LETTER_NOT_FOUND, LETTER_NOT_FOUND_MESSAGE);

/** The country national phone numbers in letters are read in: the partner's default locale's region. */
function countryOf(ctx: SiteContext): CountryCode | undefined {
  const region = /-([A-Z]{2})$/.exec(ctx.partner.defaultLocale ?? '')?.[1];
  return region as CountryCode | undefined;
}

async function screenOptions(db: Queryable, ctx: SiteContext) {
  const settings = await findSettings(db, ctx.partner.id);
  return { words: settings?.words ?? [], defaultCountry: countryOf(ctx) };
}

const recordNameOf = (row: {
  sponsoredTypesId: number;
  firstName: string | null;
  title: string | null;
}): string => sponsoredRecordName({ ...row, lastName: null });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function flagView(f: LetterFlagDbRow): LetterFlagRow {
  return {
    id: f.id,
    kind: f.kind as LetterFlagKind,
    source: f.source as 'text' | 'picture',
    start: f.start,
    end: f.end,
    text: f.text,
    status: f.status as LetterFlagRow['status'],
    reason: f.reason,
  };
}

const pictureUrl = (key: string) => `/media/${key}`;

/**
 * The pre-screen on a letter's (new) body, in the write's transaction: a hit that a moderator had
 * accepted (same kind and words) stays accepted with its reason; everything else is open.
 */
async function rescreen(
  tx: Tx,
  letter: { id: number },
  body: string,
  options: { words: readonly string[]; defaultCountry?: CountryCode | undefined },
) {
  const before = await flagsOf(tx, [letter.id]);
  const accepted = new Map(
    before.filter((f) => f.status === 'accepted').map((f) => [`${f.kind}\u0000${f.text}`, f]),
  );
  const hits = screenLetter(body, options);
  await replaceTextFlags(
    tx,
    letter.id,
    hits.map((h) => {
      const kept = accepted.get(`${h.kind}\u0000${h.text}`);
      return {
        ...h,
        status: kept ? ('accepted' as const) : ('open' as const),
        reason: kept?.reason ?? null,
        decidedByUsersId: kept?.decidedByUsersId ?? null,
        decidedAt: kept?.decidedAt ?? null,
      };
    }),
  );
  await refreshFlagSummary(tx, letter.id);
}

async function moveTo(tx: Tx, letter: LetterRow, status: LetterStatus, byUsersId: number | null) {
  const row = await updateLetter(tx, letter.id, {
    status,
    ...(status === 'submitted' ? { submittedAt: new Date() } : {}),
  });
  await insertStep(tx, letter.id, status, byUsersId);
  return row;
}

async function announce(tx: Tx, letter: LetterRow, status: 'approved' | 'rejected' | 'delivered') {
  await emit(tx, 'letter.changed', {
    partnersId: letter.partnersId,
    messagesId: letter.id,
    usersId: letter.usersId,
    direction: letter.direction as LetterDirection,
    status,
  });
}

// ------------------------------------------------------------------------------------ sponsors

/** Typical days to the next step at this partner, cached a few minutes (history moves slowly). */
const typicalCache = new Map<number, { at: number; days: Map<string, number> }>();
const TYPICAL_TTL_MS = 10 * 60 * 1000;
/** Below this many past steps the partner's history says nothing yet. */
const TYPICAL_MIN_SAMPLES = 5;

async function typicalDays(db: Queryable, partnersId: number): Promise<Map<string, number>> {
  const cached = typicalCache.get(partnersId);
  if (cached && Date.now() - cached.at < TYPICAL_TTL_MS) return cached.days;
  const days = new Map<string, number>();
  for (const row of await typicalStepSeconds(db, partnersId)) {
    if (row.p80 === null || row.n < TYPICAL_MIN_SAMPLES) continue;
    days.set(row.status, Math.max(1, Math.ceil(row.p80 / 86_400)));
  }
  typicalCache.set(partnersId, { at: Date.now(), days });
  return days;
}

/** Forget the cached history (tests that build a history call it). */
export function forgetTypicalTimes(): void {
  typicalCache.clear();
}

const NEXT_STEP: Partial<Record<LetterStatus, LetterStatus>> = {
  submitted: 'approved',
  in_review: 'approved',
  approved: 'printed',
  printed: 'sent_to_program',
  sent_to_program: 'delivered',
};

function stepViews(steps: Awaited<ReturnType<typeof stepsOf>>, id: number, withNames: boolean): LetterStep[] {
  return steps
    .filter((s) => s.messagesId === id)
    .map((s) => ({
      status: s.status as LetterStatus,
      at: s.at.toISOString(),
      by:
        withNames && s.byUsersId
          ? [s.byFirstName, s.byLastName].filter(Boolean).join(' ') || `#${s.byUsersId}`
          : null,
    }));
}

async function sponsorViews(db: Queryable, usersId: number, rows: LetterListRow[], partnersId: number) {
  const ids = rows.map((r) => r.letter.id);
  const [steps, flags, typical] = await Promise.all([
    stepsOf(db, ids),
    flagsOf(
      db,
      rows.filter((r) => r.letter.direction === 'to_sponsored').map((r) => r.letter.id),
    ),
    typicalDays(db, partnersId),
  ]);
  return rows.map((r): SponsorLetter => {
    const l = r.letter;
    const mine = l.direction === 'to_sponsored';
    const next = mine ? NEXT_STEP[l.status as LetterStatus] : undefined;
    const nextDays = next ? typical.get(next) : undefined;
    return {
      id: l.id,
      direction: l.direction as LetterDirection,
      status: l.status as LetterStatus,
      sponsoredsId: l.sponsoredsId,
      recordName: recordNameOf({
        sponsoredTypesId: r.sponsoredTypesId,
        firstName: r.recordFirstName,
        title: r.recordTitle,
      }),
      body: l.body,
      language: l.language,
      pictures: [...l.picturePaths, ...(l.scanPath ? [l.scanPath] : [])].map(pictureUrl),
      hasScan: l.scanPath !== null,
      rejectionReason: mine ? l.rejectionReason : null,
      createdAt: l.createdAt.toISOString(),
      steps: stepViews(steps, l.id, false),
      nextStep: next && nextDays !== undefined ? { status: next, typicalDays: nextDays } : null,
      flags: mine ? flags.filter((f) => f.messagesId === l.id && f.status === 'open').map(flagView) : [],
      editable: mine && l.status === 'draft',
    };
  });
}

function viewerIdOf(ctx: SiteContext): number {
  if (!ctx.viewer) throw unauthorized();
  const id = ctx.viewer.user?.id;
  if (!id) throw forbidden(LETTER_NOT_SPONSOR_MESSAGE);
  return id;
}

/** GET users/{id}/messages: the viewer's own letters both ways (replies once approved). */
export async function listMyLetters(db: Db, ctx: SiteContext, usersId: number): Promise<SponsorLetter[]> {
  await requireLetters(db, ctx);
  const me = viewerIdOf(ctx);
  if (me !== usersId) throw forbidden(LETTER_OTHERS_MESSAGE);
  return sponsorViews(db, me, await listOfSponsor(db, ctx.partner.id, me), ctx.partner.id);
}

/** The viewer's sponsorship of a record: 403 if they never sponsored it. */
async function sponsorshipOf(db: Queryable, ctx: SiteContext, sponsoredsId: number) {
  const me = viewerIdOf(ctx);
  const [latest] = await sponsorshipsOfRecord(db, ctx.partner.id, me, sponsoredsId);
  if (!latest) throw refuse(ERRORS.NOT_SPONSOR, LETTER_NOT_SPONSOR_MESSAGE);
  return { usersId: me, sponsorship: latest };
}

/** GET sponsoreds/{id}/messages: the composer's context on a record's profile. */
export async function getRecordLetters(
  db: Db,
  ctx: SiteContext,
  sponsoredsId: number,
  locale: Locale,
): Promise<RecordLetters> {
  await requireLetters(db, ctx);
  const { usersId, sponsorship } = await sponsorshipOf(db, ctx, sponsoredsId);
  const record = await findRecord(db, ctx.partner.id, sponsoredsId);
  if (!record) throw refuse(ERRORS.NOT_SPONSOR, LETTER_NOT_SPONSOR_MESSAGE);
  const settings = await findSettings(db, ctx.partner.id);
  const guidelines = settings
    ? translatedText(settings.guidelines, storedTranslations(settings.translations), locale, 'guidelines')
    : '';
  return {
    sponsoredsId,
    recordName: recordNameOf(record),
    canWrite: sponsorship.dateEnded === null,
    guidelines,
    words: settings?.words ?? [],
    country: countryOf(ctx) ?? null,
    letters: await sponsorViews(
      db,
      usersId,
      await listOfSponsor(db, ctx.partner.id, usersId, sponsoredsId),
      ctx.partner.id,
    ),
  };
}

/** Processed pictures stored under the letter's folder (their `large` keys), all or none. */
async function storePictures(storage: Storage, letterId: number, images: readonly ProcessedImage[]) {
  const stored: string[] = [];
  const large: string[] = [];
  try {
    for (const image of images) {
      const folder = `letters/${letterId}/${randomUUID()}`;
      for (const variant of image.variants) {
        const key = `${folder}/${variant.name}.webp`;
        stored.push(key);
        await storage.put(key, variant.data, 'image/webp');
      }
      large.push(`${folder}/large.webp`);
    }
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  }
  return { large, stored };
}

export interface LetterPicture {
  fileName: string;
  data: Buffer;
}

/** Reads up to LETTER_MAX_PICTURES files of an upload (413 beyond). */
export async function readLetterPictures(files: AsyncIterable<UploadedFile>): Promise<LetterPicture[]> {
  const out: LetterPicture[] = [];
  for await (const file of files) {
    if (out.length >= LETTER_MAX_PICTURES) throw new HttpError(413, LETTER_PICTURES_MESSAGE);
    out.push({ fileName: file.fileName, data: await file.read() });
  }
  return out;
}

/**
 * POST sponsoreds/{id}/messages: a sponsor writes (or keeps a draft). Refused 403 to a person who
 * does not sponsor the record, 409 once the sponsorship has ended. Screened at once.
 */
export async function writeLetter(
  deps: Deps,
  ctx: SiteContext,
  sponsoredsId: number,
  input: LetterInput,
  locale: Locale,
  pictures: readonly LetterPicture[] = [],
): Promise<LetterCreated> {
  await requireLetters(deps.db, ctx);
  const { usersId, sponsorship } = await sponsorshipOf(deps.db, ctx, sponsoredsId);
  if (sponsorship.dateEnded) throw refuse(ERRORS.SPONSORSHIP_ENDED, LETTER_ENDED_MESSAGE);
  if (pictures.length > LETTER_MAX_PICTURES) throw new HttpError(413, LETTER_PICTURES_MESSAGE);
  // Every picture is processed before anything is written: a bad file refuses the letter whole.
  const images: ProcessedImage[] = [];
  for (const p of pictures) images.push(await processImage(p.data, p.fileName));
  const options = await screenOptions(deps.db, ctx);
  const language = input.language ?? locale;
  const status: LetterStatus = input.draft ? 'draft' : 'submitted';
  const letter = await deps.db.transaction(async (tx) => {
    const row = await insertLetter(tx, {
      partnersId: ctx.partner.id,
      userSponsoredsId: sponsorship.id,
      sponsoredsId,
      usersId,
      direction: 'to_sponsored',
      status: 'draft',
      body: input.body,
      language,
      writtenByUsersId: usersId,
    });
    await insertStep(tx, row.id, 'draft', usersId);
    await rescreen(tx, row, input.body, options);
    return status === 'submitted' ? moveTo(tx, row, 'submitted', usersId) : row;
  });
  if (images.length) {
    const { large, stored } = await storePictures(deps.storage, letter.id, images);
    try {
      await deps.db.transaction(async (tx) => updateLetter(tx, letter.id, { picturePaths: large }));
    } catch (error) {
      await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
      throw error;
    }
  }
  const flags = await flagsOf(deps.db, [letter.id]);
  return { id: letter.id, status, flags: flags.filter((f) => f.status === 'open').map(flagView) };
}

/** The writer's own draft, or 404 (another person's letter is as if it did not exist). */
async function ownDraft(db: Queryable, ctx: SiteContext, id: number) {
  const me = viewerIdOf(ctx);
  const letter = await findLetter(db, ctx.partner.id, id);
  if (!letter || letter.direction !== 'to_sponsored' || letter.usersId !== me) throw notFound();
  return { me, letter };
}

/** PATCH messages/{id}: the writer changes or submits their draft. */
export async function changeDraft(
  deps: Deps,
  ctx: SiteContext,
  id: number,
  input: LetterDraftInput,
): Promise<SponsorLetter> {
  await requireLetters(deps.db, ctx);
  const { me, letter } = await ownDraft(deps.db, ctx, id);
  if (letter.status !== 'draft') throw refuse(ERRORS.LETTER_STATE, LETTER_NOT_DRAFT_MESSAGE);
  const [sponsorship] = await sponsorshipsOfRecord(deps.db, ctx.partner.id, me, letter.sponsoredsId);
  if (input.draft === false && (!sponsorship || sponsorship.dateEnded))
    throw refuse(ERRORS.SPONSORSHIP_ENDED, LETTER_ENDED_MESSAGE);
  const options = await screenOptions(deps.db, ctx);
  await deps.db.transaction(async (tx) => {
    const locked = await lockLetter(tx, ctx.partner.id, id);
    if (!locked || locked.status !== 'draft') throw refuse(ERRORS.LETTER_STATE, LETTER_NOT_DRAFT_MESSAGE);
    const body = input.body ?? locked.body;
    const row = await updateLetter(tx, id, { body, ...(input.language ? { language: input.language } : {}) });
    if (input.body !== undefined) await rescreen(tx, row, body, options);
    if (input.draft === false) await moveTo(tx, row, 'submitted', me);
  });
  const [row] = (await listOfSponsor(deps.db, ctx.partner.id, me, letter.sponsoredsId)).filter(
    (r) => r.letter.id === id,
  );
  return (await sponsorViews(deps.db, me, [row!], ctx.partner.id))[0]!;
}

/** DELETE messages/{id}: the writer deletes their draft. */
export async function deleteDraft(deps: Deps, ctx: SiteContext, id: number): Promise<void> {
  await requireLetters(deps.db, ctx);
  const { letter } = await ownDraft(deps.db, ctx, id);
  if (letter.status !== 'draft') throw refuse(ERRORS.LETTER_STATE, LETTER_NOT_DRAFT_MESSAGE);
  await deps.db.transaction(async (tx) => {
    const locked = await lockLetter(tx, ctx.partner.id, id);
    if (!locked || locked.status !== 'draft') throw refuse(ERRORS.LETTER_STATE, LETTER_NOT_DRAFT_MESSAGE);
    await deleteLetter(tx, id);
  });
  await Promise.allSettled(
    letter.picturePaths.flatMap((p) =>
      ['large', 'medium', 'thumb'].map((v) => deps.storage.delete(p.replace(/large\.webp$/, `${v}.webp`))),
    ),
  );
}

/**
 * Whether the viewer may read a letter at all (its PDF, its pictures): its writer (a sponsor's own
 * letter, any state), its sponsor once a reply is released, and letters.moderate staff at its
 * program. Anyone else: null (answered as not found).
 */
export async function readableLetter(db: Queryable, ctx: SiteContext, id: number) {
  const letter = await findLetter(db, ctx.partner.id, id);
  if (!letter) return null;
  const me = ctx.viewer?.user?.id;
  if (me !== undefined && letter.usersId === me) {
    if (letter.direction === 'to_sponsored') return letter;
    if (LETTER_RELEASED_STATUSES.includes(letter.status as LetterStatus)) return letter;
  }
  const record = await findRecord(db, ctx.partner.id, letter.sponsoredsId);
  if (
    record &&
    can(ctx.viewer?.permissions ?? null, 'letters.moderate', {
      partnersId: ctx.partner.id,
      entitiesId: record.entitiesId,
    })
  ) {
    return letter;
  }
  return null;
}

/** Whether the viewer may fetch a stored letter picture or scan (`letters/...`); else the media 404. */
export async function canViewLetterPicture(db: Db, ctx: SiteContext, key: string): Promise<boolean> {
  const m = /^letters\/(\d{1,10})\//.exec(key);
  if (!m) return false;
  if (!hasFeature(await partnerViewOf(db, ctx.partner), Feature.Messages)) return false;
  const letter = await readableLetter(db, ctx, Number(m[1]));
  if (!letter) return false;
  const folder = key.replace(/[^/]+$/, '');
  return (
    letter.picturePaths.some((p) => p.startsWith(folder)) ||
    (letter.scanPath !== null && letter.scanPath.startsWith(folder))
  );
}

// ------------------------------------------------------------------------------------ staff

function moderate(ctx: SiteContext): AccessScope {
  return requireAccess(ctx, 'letters.moderate');
}

/** A letter for a moderator: 404 if absent, 403 outside their programs. */
async function openLetter(db: Queryable, ctx: SiteContext, id: number): Promise<LetterListRow> {
  moderate(ctx);
  const row = await findLetterRow(db, ctx.partner.id, id);
  if (!row || row.letter.status === 'draft') throw notFound();
  requireAccess(ctx, 'letters.moderate', { entitiesId: row.entitiesId }, LETTER_PROGRAM_MESSAGE);
  return row;
}

function queueItem(r: LetterListRow): LetterQueueItem {
  const l = r.letter;
  return {
    id: l.id,
    direction: l.direction as LetterDirection,
    status: l.status as LetterStatus,
    sponsoredsId: l.sponsoredsId,
    recordName: recordNameOf({
      sponsoredTypesId: r.sponsoredTypesId,
      firstName: r.recordFirstName,
      title: r.recordTitle,
    }),
    recordCode: r.recordCode,
    programId: r.entitiesId,
    programName: r.programName,
    sponsorFirstName: r.sponsorFirstName ?? '',
    sponsorsId: l.usersId,
    excerpt: l.body.length > 160 ? `${l.body.slice(0, 157).trimEnd()}…` : l.body,
    language: l.language,
    openFlags: l.openFlags,
    flagKinds: l.flagKinds as LetterFlagKind[],
    picturesCount: l.picturePaths.length,
    hasScan: l.scanPath !== null,
    assignee: l.assigneeUsersId
      ? {
          id: l.assigneeUsersId,
          name:
            [r.assigneeFirstName, r.assigneeLastName].filter(Boolean).join(' ') || `#${l.assigneeUsersId}`,
        }
      : null,
    submittedAt: iso(l.submittedAt),
    updatedAt: l.updatedAt.toISOString(),
  };
}

export interface QueueQuery {
  status?: LetterStatus | 'waiting' | undefined;
  direction?: LetterDirection | undefined;
  flagged?: 'true' | 'false' | undefined;
  flag?: LetterFlagKind | undefined;
  programId?: number | undefined;
  assignee?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET dashboard/letters: the queue, in the viewer's programs. Without a state: the waiting ones. */
export async function listLetterQueue(db: Db, ctx: SiteContext, query: QueueQuery) {
  const scope = moderate(ctx);
  await requireLetters(db, ctx);
  const me = ctx.viewer?.user?.id;
  let assignee: number | 'none' | undefined;
  if (query.assignee === 'none') assignee = 'none';
  else if (query.assignee === 'me') assignee = me ?? 'none';
  else if (query.assignee && /^\d{1,9}$/.test(query.assignee)) assignee = Number(query.assignee);
  else if (query.assignee) throw badRequest('assignee is me, none or a person id.');
  const { rows, total } = await listQueue(
    db,
    {
      partnersId: ctx.partner.id,
      scope: scopeCondition(scope, sponsoreds.entitiesId),
      statuses:
        !query.status || query.status === 'waiting' ? LETTER_OPEN_STATUSES : [query.status as LetterStatus],
      direction: query.direction,
      flagged: query.flagged === undefined ? undefined : query.flagged === 'true',
      flag: query.flag,
      programId: query.programId,
      assignee,
      q: query.q,
    },
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return { rows: rows.map(queueItem), total };
}

async function detailOf(db: Queryable, row: LetterListRow): Promise<LetterDetail> {
  const l = row.letter;
  const [steps, flags] = await Promise.all([stepsOf(db, [l.id]), flagsOf(db, [l.id])]);
  const open = LETTER_OPEN_STATUSES.includes(l.status as LetterStatus);
  return {
    ...queueItem(row),
    body: l.body,
    originalBody: l.originalBody,
    pictures: [...l.picturePaths, ...(l.scanPath ? [l.scanPath] : [])].map(pictureUrl),
    flags: flags.map(flagView),
    steps: stepViews(steps, l.id, true),
    rejectionReason: l.rejectionReason,
    replyToId: l.replyToId,
    canApprove: open && l.openFlags === 0,
  };
}

/** GET dashboard/letters/{id}. */
export async function getLetter(db: Db, ctx: SiteContext, id: number): Promise<LetterDetail> {
  moderate(ctx);
  await requireLetters(db, ctx);
  return detailOf(db, await openLetter(db, ctx, id));
}

async function reload(db: Db, ctx: SiteContext, id: number) {
  return detailOf(db, (await findLetterRow(db, ctx.partner.id, id))!);
}

const audited = (l: LetterRow) => ({
  status: l.status,
  body: l.body,
  assigneeUsersId: l.assigneeUsersId,
  rejectionReason: l.rejectionReason,
});

async function audit(
  tx: Tx,
  ctx: SiteContext,
  action: string,
  id: number,
  change: {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    details?: Record<string, unknown>;
  },
) {
  await recordAudit(tx, {
    actor: actorOf(ctx),
    partnersId: ctx.partner.id,
    action,
    entityType: 'letter',
    entityId: id,
    ...change,
  });
}

/** A moderator's first touch moves a submitted letter into review. */
async function intoReview(tx: Tx, letter: LetterRow, byUsersId: number | null) {
  return letter.status === 'submitted' ? moveTo(tx, letter, 'in_review', byUsersId) : letter;
}

async function lockOpen(tx: Tx, ctx: SiteContext, id: number) {
  const locked = await lockLetter(tx, ctx.partner.id, id);
  if (!locked) throw notFound();
  if (!LETTER_OPEN_STATUSES.includes(locked.status as LetterStatus))
    throw refuse(ERRORS.LETTER_STATE, LETTER_DECIDED_MESSAGE);
  return locked;
}

/** PATCH dashboard/letters/{id}: edit the text (the writer's original is kept) and/or assign it. */
export async function editLetter(
  db: Db,
  ctx: SiteContext,
  id: number,
  input: LetterEdit,
): Promise<LetterDetail> {
  moderate(ctx);
  await requireLetters(db, ctx);
  const row = await openLetter(db, ctx, id);
  const me = ctx.viewer?.user?.id ?? null;
  if (input.assigneeId) {
    const colleagues = await moderatorsFor(db, ctx.partner.id, row.entitiesId);
    if (!colleagues.some((c) => c.id === input.assigneeId))
      throw fieldErrors({ assigneeId: LETTER_ASSIGNEE_MESSAGE });
  }
  const options = await screenOptions(db, ctx);
  await db.transaction(async (tx) => {
    const before = await lockOpen(tx, ctx, id);
    let after = before;
    if (input.body !== undefined && input.body !== before.body) {
      after = await updateLetter(tx, id, {
        body: input.body,
        originalBody: before.originalBody ?? before.body,
      });
      await rescreen(tx, after, input.body, options);
    }
    if (input.assigneeId !== undefined)
      after = await updateLetter(tx, id, { assigneeUsersId: input.assigneeId });
    after = await intoReview(tx, after, me);
    await audit(tx, ctx, 'letter.edited', id, { before: audited(before), after: audited(after) });
  });
  return reload(db, ctx, id);
}

/** POST dashboard/letters/{id}/flags/{flagId}: accept a flag (with a reason) or cut its span. */
export async function decideFlag(
  db: Db,
  ctx: SiteContext,
  id: number,
  flagId: number,
  decision: LetterFlagDecision,
): Promise<LetterDetail> {
  moderate(ctx);
  await requireLetters(db, ctx);
  await openLetter(db, ctx, id);
  const me = ctx.viewer?.user?.id ?? null;
  const options = await screenOptions(db, ctx);
  await db.transaction(async (tx) => {
    const letter = await lockOpen(tx, ctx, id);
    const flag = await findFlag(tx, id, flagId);
    if (!flag) throw refuse(ERRORS.NOT_FOUND, LETTER_FLAG_NOT_FOUND_MESSAGE);
    if (flag.status !== 'open') throw refuse(ERRORS.CONFLICT, LETTER_FLAG_DECIDED_MESSAGE);
    if (decision.action === 'accept') {
      await updateFlag(tx, flagId, {
        status: 'accepted',
        reason: decision.reason,
        decidedByUsersId: me,
        decidedAt: new Date(),
      });
      await refreshFlagSummary(tx, id);
      await audit(tx, ctx, 'letter.flag_accepted', id, {
        details: { flagId, kind: flag.kind, text: flag.text, reason: decision.reason },
      });
    } else {
      await updateFlag(tx, flagId, { status: 'removed', decidedByUsersId: me, decidedAt: new Date() });
      if (flag.source === 'text' && letter.body.slice(flag.start, flag.end) === flag.text) {
        const body = `${letter.body.slice(0, flag.start)}${LETTER_REMOVED_MARK}${letter.body.slice(flag.end)}`;
        const after = await updateLetter(tx, id, {
          body,
          originalBody: letter.originalBody ?? letter.body,
        });
        await rescreen(tx, after, body, options);
      } else {
        await refreshFlagSummary(tx, id);
      }
      await audit(tx, ctx, 'letter.flag_removed', id, {
        details: { flagId, kind: flag.kind, text: flag.text },
      });
    }
    await intoReview(tx, letter, me);
  });
  return reload(db, ctx, id);
}

async function approveLocked(tx: Tx, ctx: SiteContext, letter: LetterRow) {
  const me = ctx.viewer?.user?.id ?? null;
  let after = await moveTo(tx, letter, 'approved', me);
  await audit(tx, ctx, 'letter.approved', letter.id, { before: audited(letter), after: audited(after) });
  await announce(tx, after, 'approved');
  // A reply is delivered the moment it is approved: it is in its sponsor's account.
  if (after.direction === 'to_sponsor') after = await moveTo(tx, after, 'delivered', me);
  return after;
}

/** POST dashboard/letters/{id}/approve: only with no open flag. */
export async function approveLetter(db: Db, ctx: SiteContext, id: number): Promise<LetterDetail> {
  moderate(ctx);
  await requireLetters(db, ctx);
  await openLetter(db, ctx, id);
  await db.transaction(async (tx) => {
    const letter = await lockOpen(tx, ctx, id);
    if (letter.openFlags > 0) throw refuse(ERRORS.LETTER_FLAGS_OPEN, LETTER_FLAGS_OPEN_MESSAGE);
    await approveLocked(tx, ctx, letter);
  });
  return reload(db, ctx, id);
}

/** POST dashboard/letters/{id}/reject: with the reason its writer reads. */
export async function rejectLetter(
  db: Db,
  ctx: SiteContext,
  id: number,
  reason: string,
): Promise<LetterDetail> {
  moderate(ctx);
  await requireLetters(db, ctx);
  await openLetter(db, ctx, id);
  const me = ctx.viewer?.user?.id ?? null;
  await db.transaction(async (tx) => {
    const letter = await lockOpen(tx, ctx, id);
    await updateLetter(tx, id, { rejectionReason: reason });
    const after = await moveTo(tx, letter, 'rejected', me);
    await audit(tx, ctx, 'letter.rejected', id, { before: audited(letter), after: audited(after) });
    await announce(tx, after, 'rejected');
  });
  return reload(db, ctx, id);
}

/** Letters of a bulk call the viewer may moderate, in id order (so concurrent calls lock alike). */
async function bulkRows(db: Db, ctx: SiteContext, ids: readonly number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = new Map((await findLetterRows(db, ctx.partner.id, unique)).map((r) => [r.letter.id, r]));
  const skipped: LetterBulkResult['skipped'] = [];
  const allowed: number[] = [];
  for (const id of unique) {
    const row = rows.get(id);
    if (!row || row.letter.status === 'draft') skipped.push({ id, reason: LETTER_NOT_FOUND_MESSAGE });
    else if (
      !can(ctx.viewer?.permissions ?? null, 'letters.moderate', {
        partnersId: ctx.partner.id,
        entitiesId: row.entitiesId,
      })
    )
      skipped.push({ id, reason: LETTER_PROGRAM_MESSAGE });
    else allowed.push(id);
  }
  return { allowed, skipped };
}

/** POST dashboard/letters/approve: approves each open letter without open flags; says why of the rest. */
export async function approveLetters(
  db: Db,
  ctx: SiteContext,
  ids: readonly number[],
): Promise<LetterBulkResult> {
  moderate(ctx);
  await requireLetters(db, ctx);
  const { allowed, skipped } = await bulkRows(db, ctx, ids);
  const done: number[] = [];
  // One short transaction per letter: a large batch never holds the database (PGlite) for long.
  for (const id of allowed) {
    const outcome = await db.transaction(async (tx) => {
      const letter = await lockLetter(tx, ctx.partner.id, id);
      if (!letter) return LETTER_NOT_FOUND_MESSAGE;
      if (!LETTER_OPEN_STATUSES.includes(letter.status as LetterStatus)) return LETTER_DECIDED_MESSAGE;
      if (letter.openFlags > 0) return LETTER_FLAGS_OPEN_MESSAGE;
      await approveLocked(tx, ctx, letter);
      return null;
    });
    if (outcome) skipped.push({ id, reason: outcome });
    else done.push(id);
  }
  return { done, skipped: skipped.sort((a, b) => a.id - b.id) };
}

export const LETTER_STEP_REFUSED = (status: LetterStatus) =>
  `This letter cannot move to ${status} from where it is.`;

/** POST dashboard/letters/steps: printed sponsor letters went to the program, or arrived. */
export async function recordLetterSteps(
  db: Db,
  ctx: SiteContext,
  ids: readonly number[],
  status: LetterDeliveryStep,
): Promise<LetterBulkResult> {
  moderate(ctx);
  await requireLetters(db, ctx);
  const { allowed, skipped } = await bulkRows(db, ctx, ids);
  const me = ctx.viewer?.user?.id ?? null;
  const done: number[] = [];
  for (const id of allowed) {
    const outcome = await db.transaction(async (tx) => {
      const letter = await lockLetter(tx, ctx.partner.id, id);
      if (!letter) return LETTER_NOT_FOUND_MESSAGE;
      if (letter.direction !== 'to_sponsored' || !canMoveLetter(letter.status as LetterStatus, status))
        return LETTER_STEP_REFUSED(status);
      const after = await moveTo(tx, letter, status, me);
      await audit(tx, ctx, `letter.${status}`, id, { before: audited(letter), after: audited(after) });
      if (status === 'delivered') await announce(tx, after, 'delivered');
      return null;
    });
    if (outcome) skipped.push({ id, reason: outcome });
    else done.push(id);
  }
  return { done, skipped: skipped.sort((a, b) => a.id - b.id) };
}

/** Moves approved sponsor letters to printed (the print batch), in the caller's transaction. */
export async function markPrinted(tx: Tx, ctx: SiteContext, letters: readonly LetterRow[]) {
  const me = ctx.viewer?.user?.id ?? null;
  for (const letter of letters) {
    if (letter.status !== 'approved') continue;
    const after = await moveTo(tx, letter, 'printed', me);
    await audit(tx, ctx, 'letter.printed', letter.id, { before: audited(letter), after: audited(after) });
  }
}

/** Colleagues holding letters.moderate who reach a program (all of them without one). */
async function moderatorsFor(db: Queryable, partnersId: number, entitiesId: number | null) {
  const roles = Object.entries(ROLE_ACTIONS)
    .filter(([, actions]) => actions.includes('letters.moderate'))
    .map(([role]) => Number(role));
  const rows = await staffWithRoles(db, partnersId, roles);
  return rows
    .filter((r) => entitiesId === null || !r.entity_ids?.length || r.entity_ids.includes(entitiesId))
    .map((r) => ({
      id: Number(r.id),
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || `#${r.id}`,
    }));
}

/** GET dashboard/letters/assignees. */
export async function listAssignees(db: Db, ctx: SiteContext) {
  moderate(ctx);
  await requireLetters(db, ctx);
  return moderatorsFor(db, ctx.partner.id, null);
}

/** POST dashboard/letters: a reply typed by staff from the sponsored person's own letter. */
export async function typeReply(db: Db, ctx: SiteContext, input: LetterReplyInput): Promise<LetterDetail> {
  moderate(ctx);
  await requireLetters(db, ctx);
  const original = await openAnyLetter(db, ctx, input.replyToId);
  const options = await screenOptions(db, ctx);
  const me = ctx.viewer?.user?.id ?? null;
  const reply = await db.transaction(async (tx) => {
    const row = await createReply(tx, ctx, original.letter, {
      body: input.body,
      language: input.language ?? original.letter.language,
      scanPath: null,
      byUsersId: me,
    });
    await rescreen(tx, row, input.body, options);
    await audit(tx, ctx, 'letter.reply_typed', row.id, {
      after: audited(row),
      details: { replyToId: original.letter.id },
    });
    return row;
  });
  return reload(db, ctx, reply.id);
}

/** A sponsor letter a reply answers: any state but draft, in the viewer's programs. */
export async function openAnyLetter(db: Queryable, ctx: SiteContext, id: number) {
  const row = await findLetterRow(db, ctx.partner.id, id);
  if (!row || row.letter.status === 'draft') throw notFound();
  requireAccess(ctx, 'letters.moderate', { entitiesId: row.entitiesId }, LETTER_PROGRAM_MESSAGE);
  if (row.letter.direction !== 'to_sponsored') throw fieldErrors({ replyToId: LETTER_REPLY_TO_MESSAGE });
  return row;
}

/** A reply (typed, or a matched scan) on the original's sponsorship, submitted into the queue. */
export async function createReply(
  tx: Tx,
  ctx: SiteContext,
  original: LetterRow,
  input: { body: string; language: string; scanPath: string | null; byUsersId: number | null },
): Promise<LetterRow> {
  const row = await insertLetter(tx, {
    partnersId: ctx.partner.id,
    userSponsoredsId: original.userSponsoredsId,
    sponsoredsId: original.sponsoredsId,
    usersId: original.usersId,
    direction: 'to_sponsor',
    status: 'submitted',
    body: input.body,
    language: input.language,
    scanPath: input.scanPath,
    replyToId: original.id,
    writtenByUsersId: input.byUsersId,
    submittedAt: new Date(),
  });
  await insertStep(tx, row.id, 'submitted', input.byUsersId);
  return row;
}

/** GET dashboard/letters/settings. */
export async function getLetterSettings(db: Db, ctx: SiteContext): Promise<LetterSettingsAnswer> {
  requireAccess(ctx, 'letters.moderate');
  await requireLetters(db, ctx);
  const row = await findSettings(db, ctx.partner.id);
  return {
    guidelines: row?.guidelines ?? '',
    words: row?.words ?? [],
    translations: storedTranslations(row?.translations ?? {}) as LetterSettingsAnswer['translations'],
  };
}

export const LETTER_SETTINGS_PARTNER_WIDE =
  'Letter settings apply to every program: only a person who moderates letters across the partner can change them.';

/** PUT dashboard/letters/settings: partner-wide moderators only. */
export async function saveLetterSettings(
  db: Db,
  ctx: SiteContext,
  input: LetterSettingsInput,
): Promise<LetterSettingsAnswer> {
  const scope = requireAccess(ctx, 'letters.moderate');
  if (scope.entityIds !== 'all') throw forbidden(LETTER_SETTINGS_PARTNER_WIDE);
  await requireLetters(db, ctx);
  const words = [...new Set(input.words.map((w) => w.trim()).filter(Boolean))];
  const before = await findSettings(db, ctx.partner.id);
  const translations =
    translationsToStore(
      ctx.partner,
      input.translations,
      TRANSLATABLE_FIELDS.letters,
      undefined,
      '',
      before?.translations,
    ) ?? storedTranslations(before?.translations ?? {});
  await db.transaction(async (tx) => {
    const after = await saveSettings(tx, ctx.partner.id, {
      guidelines: input.guidelines.trim(),
      words,
      translations: translations as Record<string, { guidelines?: string }>,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'letter_settings.updated',
      entityType: 'letter_settings',
      entityId: ctx.partner.id,
      before: before
        ? { guidelines: before.guidelines, words: before.words, translations: before.translations }
        : {},
      after: { guidelines: after.guidelines, words: after.words, translations: after.translations },
    });
  });
  return getLetterSettings(db, ctx);
}
