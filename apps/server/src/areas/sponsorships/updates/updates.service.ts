import { randomUUID } from 'node:crypto';
import {
  can,
  recordRightsOf,
  sponsoredRecordName,
  UPDATE_REFUSED_MESSAGE,
  UPDATE_SIGN_IN_MESSAGE,
  ERRORS,
  type SponsoredUpdatePage,
  type UpdateAudienceInput,
  type UpdatePostDetail,
  type UpdatePostInput,
  type UpdatePostStatus,
  type UpdatePostSummary,
  type UpdateRecipients,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import type { Tx } from '../../../db/types.ts';
import { requireAccess, type AccessScope } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { emit } from '../../../platform/events.ts';
import { badRequest, fieldErrors, HttpError, unauthorized, refuse } from '../../../platform/errors.ts';
import { processImage } from '../../../platform/images.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { UploadedFile } from '../../../platform/uploads.ts';
import { updatesDistributeJob } from './updates.jobs.ts';
import {
  deletePost,
  findPost,
  findPostForPictures,
  findPostLinks,
  findPrograms,
  findRecordsByIds,
  findRecordsOfProgram,
  findRecordsOfType,
  findTypes,
  findUpdateByCode,
  insertPost,
  isActiveSponsor,
  listPosts,
  lockPost,
  markNoticeOpened,
  postScopeCondition,
  searchRecords,
  sponsorsARecordOfPost,
  updatePost,
  type UpdatePostRow,
} from './updates.repository.ts';

// The dashboard's Updates section and the sponsors' update page (issue 13 item 2, decision 037).
// Every staff call checks updates.manage first, at the programs of the records it writes to; a
// program-scoped person lists only posts whose every record is in their programs.

export const UPDATE_POST_NOT_FOUND = (id: number) => `Update ${id} was not found.`;
export const UPDATE_ALREADY_SENT = 'This update has been sent: it can no longer be changed or deleted.';
export const UPDATES_FORBIDDEN = 'You can write updates only to records of your programs.';
export const NO_RECORDS_MESSAGE = 'There are no records to write to among these recipients.';
export const NO_PICTURE_MESSAGE = 'Send at least one picture as a file of a multipart/form-data body.';
export const MAX_UPDATE_PICTURES = 20;

type Deps = { db: Db };

interface ResolvedRecord {
  id: number;
  entitiesId: number;
  sponsoredTypesId: number;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  code: string | null;
  programName: string | null;
  typeLabel: string;
}

const toRecipient = (r: ResolvedRecord) => ({
  id: r.id,
  name: sponsoredRecordName(r),
  code: r.code,
  programName: r.programName,
  typeLabel: r.typeLabel,
});

/** The audience in words, for the list. */
function audienceLabel(
  post: UpdatePostRow,
  names: { programs: Map<number, string>; types: Map<number, string> },
) {
  const a = post.audience;
  if (a.kind === 'program') return `Program: ${names.programs.get(a.entitiesId) ?? a.entitiesId}`;
  if (a.kind === 'type')
    return `Type: ${names.types.get(a.partnerSponsoredTypesId) ?? a.partnerSponsoredTypesId}`;
  return a.sponsoredsIds.length === 1 ? 'One record' : `${a.sponsoredsIds.length} selected records`;
}

async function labelNames(db: Db, partnersId: number) {
  const [programs, types] = await Promise.all([
    findPrograms(db, partnersId, 'all'),
    findTypes(db, partnersId),
  ]);
  return {
    programs: new Map(programs.map((p) => [p.id, p.name])),
    types: new Map(types.map((t) => [t.id, t.label])),
  };
}

function summaryOf(
  row: { post: UpdatePostRow; sentCount: number; openedCount: number },
  names: Awaited<ReturnType<typeof labelNames>>,
): UpdatePostSummary {
  const { post } = row;
  return {
    id: post.id,
    title: post.title,
    status: post.status as UpdatePostStatus,
    audienceLabel: audienceLabel(post, names),
    recordsCount: post.sponsoredsIds.length,
    picturesCount: post.picturePaths.length,
    distributeAt: post.distributeAt?.toISOString() ?? null,
    sentAt: post.sentAt?.toISOString() ?? null,
    sentCount: Number(row.sentCount),
    openedCount: Number(row.openedCount),
    updatedAt: post.updatedAt.toISOString(),
  };
}

export async function listUpdatePosts(
  db: Db,
  ctx: SiteContext,
  query: { status?: UpdatePostStatus | undefined; q?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: UpdatePostSummary[]; total: number }> {
  const scope = requireAccess(ctx, 'updates.manage');
  const [{ rows, total }, names] = await Promise.all([
    listPosts(
      db,
      ctx.partner.id,
      postScopeCondition(scope.entityIds),
      query.status,
      query.q?.trim() ?? '',
      (query.page - 1) * query.pageSize,
      query.pageSize,
    ),
    labelNames(db, ctx.partner.id),
  ]);
  return { rows: rows.map((row) => summaryOf(row, names)), total };
}

/** The post, after the check that the viewer may write to every program it reaches. */
async function openPost(db: Db, ctx: SiteContext, id: number) {
  requireAccess(ctx, 'updates.manage');
  const row = await findPost(db, ctx.partner.id, id);
  if (!row) throw refuse(ERRORS.UPDATE_NOT_FOUND, UPDATE_POST_NOT_FOUND(id));
  requireAccess(ctx, 'updates.manage', { entitiesId: row.post.entityIds }, UPDATES_FORBIDDEN);
  return row;
}

export async function getUpdatePost(db: Db, ctx: SiteContext, id: number): Promise<UpdatePostDetail> {
  const row = await openPost(db, ctx, id);
  const [names, records, links] = await Promise.all([
    labelNames(db, ctx.partner.id),
    findRecordsByIds(db, ctx.partner.id, row.post.sponsoredsIds),
    findPostLinks(db, id),
  ]);
  return {
    ...summaryOf(row, names),
    updateMessage: row.post.updateMessage,
    audience: row.post.audience,
    records: records.map(toRecipient),
    picturePaths: row.post.picturePaths,
    links,
  };
}

/**
 * The records an audience reaches now, refused (403) unless the viewer may write to each of their
 * programs; a program-scoped person's type audience is that type within their programs.
 */
async function resolveAudience(
  db: Db,
  ctx: SiteContext,
  scope: AccessScope,
  audience: UpdateAudienceInput,
): Promise<ResolvedRecord[]> {
  let records: ResolvedRecord[];
  if (audience.kind === 'records') {
    const ids = [...new Set(audience.sponsoredsIds)];
    records = await findRecordsByIds(db, ctx.partner.id, ids);
    const found = new Set(records.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw fieldErrors({ 'audience.sponsoredsIds': `Record ${missing.join(', ')} was not found.` });
    }
  } else if (audience.kind === 'program') {
    const programs = await findPrograms(db, ctx.partner.id, 'all');
    if (!programs.some((p) => p.id === audience.entitiesId)) {
      throw fieldErrors({ 'audience.entitiesId': 'This program does not exist for this partner.' });
    }
    requireAccess(ctx, 'updates.manage', { entitiesId: audience.entitiesId }, UPDATES_FORBIDDEN);
    records = await findRecordsOfProgram(db, ctx.partner.id, audience.entitiesId);
  } else {
    const types = await findTypes(db, ctx.partner.id);
    if (!types.some((t) => t.id === audience.partnerSponsoredTypesId)) {
      throw fieldErrors({
        'audience.partnerSponsoredTypesId': 'This sponsored type does not exist for this partner.',
      });
    }
    records = await findRecordsOfType(db, ctx.partner.id, audience.partnerSponsoredTypesId, scope.entityIds);
  }
  if (records.length === 0) throw fieldErrors({ audience: NO_RECORDS_MESSAGE });
  requireAccess(
    ctx,
    'updates.manage',
    { entitiesId: [...new Set(records.map((r) => r.entitiesId))] },
    UPDATES_FORBIDDEN,
  );
  return records;
}

function cleanMessage(html: string): string {
  const clean = sanitizeRichText(html);
  if (!clean) throw fieldErrors({ updateMessage: 'Required.' });
  return clean;
}

/** When a post goes: a draft keeps a planned time if given; a scheduled one goes then, or now. */
function timing(input: UpdatePostInput, now: Date): { status: UpdatePostStatus; distributeAt: Date | null } {
  const at = input.distributeAt ? new Date(input.distributeAt) : null;
  if (!input.schedule) return { status: 'draft', distributeAt: at };
  return { status: 'scheduled', distributeAt: at && at > now ? at : now };
}

const audited = (post: UpdatePostRow) => ({
  title: post.title,
  updateMessage: post.updateMessage,
  audience: post.audience,
  sponsoredsIds: post.sponsoredsIds,
  picturePaths: post.picturePaths,
  status: post.status,
  distributeAt: post.distributeAt?.toISOString() ?? null,
});

export async function createUpdatePost(
  deps: Deps,
  ctx: SiteContext,
  input: UpdatePostInput,
): Promise<UpdatePostDetail> {
  const scope = requireAccess(ctx, 'updates.manage');
  const updateMessage = cleanMessage(input.updateMessage);
  const records = await resolveAudience(deps.db, ctx, scope, input.audience);
  const { status, distributeAt } = timing(input, new Date());
  const post = await deps.db.transaction(async (tx) => {
    const row = await insertPost(tx, {
      partnersId: ctx.partner.id,
      title: input.title,
      updateMessage,
      audience: input.audience,
      sponsoredsIds: records.map((r) => r.id),
      entityIds: [...new Set(records.map((r) => r.entitiesId))].sort((a, b) => a - b),
      status,
      distributeAt,
      createdByUsersId: ctx.viewer?.user?.id ?? null,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'update_post.created',
      entityType: 'update_post',
      entityId: row.id,
      after: audited(row),
    });
    if (status === 'scheduled') await publish(tx, row);
    return row;
  });
  return getUpdatePost(deps.db, ctx, post.id);
}

/**
 * Publishing a scheduled post is an event (decision 066), in the write's transaction; its
 * subscriber queues the distribution (`queueDistribution`).
 */
async function publish(tx: Tx, post: UpdatePostRow) {
  await emit(tx, 'update.published', {
    partnersId: post.partnersId,
    updatePostsId: post.id,
    distributeAt: (post.distributeAt ?? post.updatedAt).toISOString(),
    version: post.updatedAt.toISOString(),
  });
}

/**
 * The update.published subscriber's work: the distribution job, sent in the subscriber's
 * transaction to start at the post's distribution time (the job distributes only the post as it
 * then is, so a job of an earlier version does nothing more).
 */
export async function queueDistribution(
  jobs: JobSender,
  tx: Tx,
  payload: { updatePostsId: number; distributeAt: string },
): Promise<void> {
  await jobs.send(
    updatesDistributeJob,
    { updatePostsId: payload.updatePostsId },
    { tx, startAfter: new Date(payload.distributeAt) },
  );
}

export async function changeUpdatePost(
  deps: Deps & { storage: Storage },
  ctx: SiteContext,
  id: number,
  input: UpdatePostInput,
): Promise<UpdatePostDetail> {
  const scope = requireAccess(ctx, 'updates.manage');
  await openPost(deps.db, ctx, id);
  const updateMessage = cleanMessage(input.updateMessage);
  const records = await resolveAudience(deps.db, ctx, scope, input.audience);
  const { status, distributeAt } = timing(input, new Date());
  const removed = await deps.db.transaction(async (tx) => {
    const before = await lockPost(tx, id);
    if (!before) throw refuse(ERRORS.UPDATE_NOT_FOUND, UPDATE_POST_NOT_FOUND(id));
    if (before.status === 'sent') throw refuse(ERRORS.UPDATE_ALREADY_SENT, UPDATE_ALREADY_SENT);
    let picturePaths = before.picturePaths;
    if (input.picturePaths) {
      const unknown = input.picturePaths.filter((p) => !before.picturePaths.includes(p));
      if (unknown.length) throw fieldErrors({ picturePaths: 'Only pictures of this update can be kept.' });
      picturePaths = [...new Set(input.picturePaths)];
    }
    const after = await updatePost(tx, id, {
      title: input.title,
      updateMessage,
      audience: input.audience,
      sponsoredsIds: records.map((r) => r.id),
      entityIds: [...new Set(records.map((r) => r.entitiesId))].sort((a, b) => a - b),
      picturePaths,
      status,
      distributeAt,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'update_post.updated',
      entityType: 'update_post',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    if (status === 'scheduled') await publish(tx, after);
    return before.picturePaths.filter((p) => !picturePaths.includes(p));
  });
  await removePictureFiles(deps.storage, removed);
  return getUpdatePost(deps.db, ctx, id);
}

/** Every variant of a stored picture (its `large` key names the folder). */
async function removePictureFiles(storage: Storage, largePaths: readonly string[]) {
  const keys = largePaths.flatMap((p) => {
    const folder = p.replace(/\/large\.webp$/, '');
    return ['large', 'medium', 'thumb'].map((v) => `${folder}/${v}.webp`);
  });
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

export async function deleteUpdatePost(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  id: number,
): Promise<void> {
  await openPost(deps.db, ctx, id);
  const pictures = await deps.db.transaction(async (tx) => {
    const before = await lockPost(tx, id);
    if (!before) throw refuse(ERRORS.UPDATE_NOT_FOUND, UPDATE_POST_NOT_FOUND(id));
    if (before.status === 'sent') throw refuse(ERRORS.UPDATE_ALREADY_SENT, UPDATE_ALREADY_SENT);
    await deletePost(tx, id);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'update_post.deleted',
      entityType: 'update_post',
      entityId: id,
      before: audited(before),
    });
    return before.picturePaths;
  });
  await removePictureFiles(deps.storage, pictures);
}

/**
 * POST dashboard/updates/{id}/pictures: each file through the picture pipeline, its variants
 * stored under `updates/{id}/{uuid}/{variant}.webp` (served by /media after the update's access
 * check), appended to the post's pictures. A refused file refuses the whole upload.
 */
export async function addUpdatePictures(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  id: number,
  files: AsyncIterable<UploadedFile>,
): Promise<UpdatePostDetail> {
  const { post } = await openPost(deps.db, ctx, id);
  if (post.status === 'sent') throw refuse(ERRORS.UPDATE_ALREADY_SENT, UPDATE_ALREADY_SENT);
  const stored: string[] = [];
  const added: string[] = [];
  try {
    for await (const file of files) {
      const image = await processImage(await file.read(), file.fileName);
      const folder = `updates/${id}/${randomUUID()}`;
      for (const variant of image.variants) {
        const key = `${folder}/${variant.name}.webp`;
        stored.push(key);
        await deps.storage.put(key, variant.data, 'image/webp');
      }
      added.push(`${folder}/large.webp`);
    }
    if (added.length === 0) throw badRequest(NO_PICTURE_MESSAGE);
    await deps.db.transaction(async (tx) => {
      const before = await lockPost(tx, id);
      if (!before) throw refuse(ERRORS.UPDATE_NOT_FOUND, UPDATE_POST_NOT_FOUND(id));
      if (before.status === 'sent') throw refuse(ERRORS.UPDATE_ALREADY_SENT, UPDATE_ALREADY_SENT);
      if (before.picturePaths.length + added.length > MAX_UPDATE_PICTURES) {
        throw badRequest(`An update can have at most ${MAX_UPDATE_PICTURES} pictures.`);
      }
      await updatePost(tx, id, { picturePaths: [...before.picturePaths, ...added] });
      await recordAudit(tx, {
        actor: actorOf(ctx),
        partnersId: ctx.partner.id,
        action: 'update_post.pictures_added',
        entityType: 'update_post',
        entityId: id,
        details: { picturePaths: added },
      });
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  }
  return getUpdatePost(deps.db, ctx, id);
}

export async function getUpdateRecipients(
  db: Db,
  ctx: SiteContext,
  search: string,
): Promise<UpdateRecipients> {
  const scope = requireAccess(ctx, 'updates.manage');
  const [programs, types, records] = await Promise.all([
    findPrograms(db, ctx.partner.id, scope.entityIds),
    findTypes(db, ctx.partner.id),
    searchRecords(db, ctx.partner.id, scope.entityIds, search.trim(), 25),
  ]);
  return { programs, types, records: records.map(toRecipient) };
}

/**
 * GET sponsored-updates/{code}: one record's update for its active sponsors and the partner's staff
 * with records.view at the record's program. Anyone else gets the same refusal whether or not the
 * code exists (401 for a visitor, 403 for a signed-in person), so it reveals nothing of the record.
 * A sponsor's first opening marks their notice opened.
 */
export async function readSponsoredUpdate(
  db: Db,
  ctx: SiteContext,
  code: string,
): Promise<SponsoredUpdatePage> {
  if (!ctx.viewer) throw unauthorized(UPDATE_SIGN_IN_MESSAGE);
  const refused = new HttpError(403, UPDATE_REFUSED_MESSAGE);
  const row = await findUpdateByCode(db, ctx.partner.id, code);
  if (!row) throw refused;
  const usersId = ctx.viewer.user?.id ?? null;
  const isSponsor = usersId !== null && (await isActiveSponsor(db, usersId, row.sponsoredsId));
  const rights = recordRightsOf(
    ctx.viewer.permissions,
    { id: row.sponsoredsId, partnersId: ctx.partner.id, entitiesId: row.entitiesId },
    new Set(isSponsor ? [row.sponsoredsId] : []),
  );
  if (!rights.isSponsor && !rights.canAdminister) throw refused;
  if (isSponsor && usersId !== null) await markNoticeOpened(db, row.id, usersId);
  return {
    id: row.id,
    title: row.title,
    distributionDate: String(row.distributionDate),
    updateMessage: row.updateMessage,
    sponsoredsId: row.sponsoredsId,
    recordName: sponsoredRecordName({
      sponsoredTypesId: row.sponsoredTypesId,
      firstName: row.firstName,
      lastName: row.lastName,
      title: row.title2,
    }),
  };
}

/**
 * Whether the viewer may fetch a picture of an update post (`updates/{id}/...`): the partner's staff
 * who may see every record it went to (records.view) or write it (updates.manage), and the active
 * sponsors of a record it was sent to. Everyone else gets the media route's 404.
 */
export async function canViewUpdatePicture(
  db: Db,
  ctx: SiteContext,
  postId: number,
  key: string,
): Promise<boolean> {
  if (postId > 2_147_483_647) return false;
  const post = await findPostForPictures(db, postId);
  if (!post || post.partnersId !== ctx.partner.id) return false;
  if (!post.picturePaths.some((p) => key.startsWith(p.replace(/large\.webp$/, '')))) return false;
  const permissions = ctx.viewer?.permissions ?? null;
  const scope = { partnersId: post.partnersId, entitiesId: post.entityIds };
  if (
    post.entityIds.length &&
    (can(permissions, 'records.view', scope) || can(permissions, 'updates.manage', scope))
  ) {
    return true;
  }
  const usersId = ctx.viewer?.user?.id;
  return usersId !== undefined && (await sponsorsARecordOfPost(db, usersId, postId));
}
