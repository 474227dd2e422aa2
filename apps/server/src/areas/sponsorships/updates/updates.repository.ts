import {
  and,
  arrayContained,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  like,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import {
  emailOutbox,
  entities,
  partnerSponsoredTypes,
  sponsoreds,
  updateNotices,
  updatePosts,
  updates,
  users,
  userSponsoreds,
} from '../../../db/schema/index.ts';

export type UpdatePostRow = typeof updatePosts.$inferSelect;

/** `%text%` with the LIKE wildcards of the text escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A record as the Updates section names it (staff see the full name). */
const recordColumns = {
  id: sponsoreds.id,
  entitiesId: sponsoreds.entitiesId,
  partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
  sponsoredTypesId: sponsoreds.sponsoredTypesId,
  firstName: sponsoreds.firstName,
  lastName: sponsoreds.lastName,
  title: sponsoreds.title,
  code: sponsoreds.code,
  programName: entities.name,
  typeLabel: partnerSponsoredTypes.customLabelSingular,
};

function recordsQuery(db: Queryable, where: SQL | undefined) {
  return db
    .select(recordColumns)
    .from(sponsoreds)
    .leftJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .where(where);
}

/** Records that can be written to: the partner's, not archived. */
const writable = (partnersId: number) =>
  and(eq(sponsoreds.partnersId, partnersId), ne(sponsoreds.status, 'archived'));

export function findRecordsByIds(db: Queryable, partnersId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return recordsQuery(db, and(writable(partnersId), inArray(sponsoreds.id, [...ids]))).orderBy(
    asc(sponsoreds.id),
  );
}

export function findRecordsOfProgram(db: Queryable, partnersId: number, entitiesId: number) {
  return recordsQuery(db, and(writable(partnersId), eq(sponsoreds.entitiesId, entitiesId))).orderBy(
    asc(sponsoreds.id),
  );
}

/** A type's records within the given programs ('all' for a partner-wide person). */
export function findRecordsOfType(
  db: Queryable,
  partnersId: number,
  partnerSponsoredTypesId: number,
  entityIds: 'all' | readonly number[],
) {
  return recordsQuery(
    db,
    and(
      writable(partnersId),
      eq(sponsoreds.partnerSponsoredTypesId, partnerSponsoredTypesId),
      entityIds === 'all' ? undefined : inArray(sponsoreds.entitiesId, [...entityIds, -1]),
    ),
  ).orderBy(asc(sponsoreds.id));
}

/** The editor's record search: by name, title or code, in the viewer's programs. */
export function searchRecords(
  db: Queryable,
  partnersId: number,
  entityIds: 'all' | readonly number[],
  search: string,
  limit: number,
) {
  const pattern = likePattern(search);
  return recordsQuery(
    db,
    and(
      writable(partnersId),
      entityIds === 'all' ? undefined : inArray(sponsoreds.entitiesId, [...entityIds, -1]),
      search
        ? or(
            ilike(sponsoreds.firstName, pattern),
            ilike(sponsoreds.lastName, pattern),
            ilike(sponsoreds.title, pattern),
            ilike(sponsoreds.code, pattern),
            ilike(sql`${sponsoreds.firstName} || ' ' || ${sponsoreds.lastName}`, pattern),
          )
        : undefined,
    ),
  )
    .orderBy(asc(sponsoreds.firstName), asc(sponsoreds.title), asc(sponsoreds.id))
    .limit(limit);
}

export function findPrograms(db: Queryable, partnersId: number, entityIds: 'all' | readonly number[]) {
  return db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(
      and(
        eq(entities.partnersId, partnersId),
        entityIds === 'all' ? undefined : inArray(entities.id, [...entityIds, -1]),
      ),
    )
    .orderBy(asc(entities.name));
}

export function findTypes(db: Queryable, partnersId: number) {
  return db
    .select({ id: partnerSponsoredTypes.id, label: partnerSponsoredTypes.customLabelPlural })
    .from(partnerSponsoredTypes)
    .where(eq(partnerSponsoredTypes.partnersId, partnersId))
    .orderBy(asc(partnerSponsoredTypes.sortOrder), asc(partnerSponsoredTypes.id));
}

/** The list's condition for a program-scoped person: posts whose every record is in their programs. */
export function postScopeCondition(entityIds: 'all' | readonly number[]): SQL | undefined {
  return entityIds === 'all' ? undefined : arrayContained(updatePosts.entityIds, [...entityIds]);
}

const sentCount = sql<number>`(SELECT count(*)::int FROM ${updateNotices} n JOIN ${updates} u ON u.id = n.updates_id WHERE u.update_posts_id = "update_posts"."id")`;
const openedCount = sql<number>`(SELECT count(*)::int FROM ${updateNotices} n JOIN ${updates} u ON u.id = n.updates_id WHERE u.update_posts_id = "update_posts"."id" AND n.opened_at IS NOT NULL)`;

export async function listPosts(
  db: Queryable,
  partnersId: number,
  scope: SQL | undefined,
  status: string | undefined,
  search: string,
  offset: number,
  limit: number,
) {
  const where = and(
    eq(updatePosts.partnersId, partnersId),
    scope,
    status ? eq(updatePosts.status, status) : undefined,
    search ? ilike(updatePosts.title, likePattern(search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: updatePosts, sentCount, openedCount })
      .from(updatePosts)
      .where(where)
      .orderBy(
        sql`CASE ${updatePosts.status} WHEN 'draft' THEN 0 WHEN 'scheduled' THEN 1 ELSE 2 END`,
        desc(sql`coalesce(${updatePosts.sentAt}, ${updatePosts.distributeAt}, ${updatePosts.updatedAt})`),
        desc(updatePosts.id),
      )
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(updatePosts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPost(db: Queryable, partnersId: number, id: number) {
  const [row] = await db
    .select({ post: updatePosts, sentCount, openedCount })
    .from(updatePosts)
    .where(and(eq(updatePosts.partnersId, partnersId), eq(updatePosts.id, id)));
  return row ?? null;
}

export function lockPost(tx: Tx, id: number) {
  return tx
    .select()
    .from(updatePosts)
    .where(eq(updatePosts.id, id))
    .for('update')
    .then((rows) => rows[0] ?? null);
}

export async function insertPost(tx: Tx, values: typeof updatePosts.$inferInsert): Promise<UpdatePostRow> {
  const [row] = await tx.insert(updatePosts).values(values).returning();
  return row!;
}

export async function updatePost(
  tx: Tx,
  id: number,
  values: Partial<typeof updatePosts.$inferInsert>,
): Promise<UpdatePostRow> {
  const [row] = await tx
    .update(updatePosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(updatePosts.id, id))
    .returning();
  return row!;
}

export async function deletePost(tx: Tx, id: number): Promise<void> {
  await tx.delete(updatePosts).where(eq(updatePosts.id, id));
}

/** The record pages a sent post wrote. */
export function findPostLinks(db: Queryable, postId: number) {
  return db
    .select({ sponsoredsId: updates.sponsoredsId, code: updates.code })
    .from(updates)
    .where(eq(updates.updatePostsId, postId))
    .orderBy(asc(updates.sponsoredsId));
}

/** Scheduled posts whose time has come, oldest first. */
export function findDuePostIds(db: Queryable, now: Date, limit: number) {
  return db
    .select({ id: updatePosts.id })
    .from(updatePosts)
    .where(and(eq(updatePosts.status, 'scheduled'), lte(updatePosts.distributeAt, now)))
    .orderBy(asc(updatePosts.distributeAt), asc(updatePosts.id))
    .limit(limit);
}

/** Writes one record's update of a post, once: answers the row (new or already written). */
export async function upsertRecordUpdate(tx: Tx, values: typeof updates.$inferInsert) {
  await tx
    .insert(updates)
    .values(values)
    .onConflictDoNothing({ target: [updates.updatePostsId, updates.sponsoredsId] });
  const [row] = await tx
    .select()
    .from(updates)
    .where(
      and(eq(updates.updatePostsId, values.updatePostsId!), eq(updates.sponsoredsId, values.sponsoredsId)),
    );
  return row!;
}

/** The active sponsors of these records with an address to write to, one row per record and person. */
export function activeSponsorsOfRecords(db: Queryable, partnersId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({
      sponsoredsId: userSponsoreds.sponsoredsId,
      usersId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(userSponsoreds)
    .innerJoin(users, eq(users.id, userSponsoreds.usersId))
    .where(
      and(
        eq(userSponsoreds.partnersId, partnersId),
        inArray(userSponsoreds.sponsoredsId, [...ids]),
        isNull(userSponsoreds.dateEnded),
      ),
    );
}

/** The notice of one record update to one person, once (a retried or concurrent run writes none). */
export async function insertNotice(tx: Tx, notice: typeof updateNotices.$inferInsert): Promise<void> {
  await tx
    .insert(updateNotices)
    .values(notice)
    .onConflictDoNothing({ target: [updateNotices.updatesId, updateNotices.usersId] });
}

/** The dedupe keys already in the outbox that start with this prefix. */
export async function queuedMailKeys(db: Queryable, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, likePrefix(prefix)));
  return rows.map((r) => r.key);
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One record's update by its page code, with the record it belongs to. */
export async function findUpdateByCode(db: Queryable, partnersId: number, code: string) {
  const [row] = await db
    .select({
      id: updates.id,
      title: updates.title,
      distributionDate: updates.distributionDate,
      updateMessage: updates.updateMessage,
      updatePostsId: updates.updatePostsId,
      sponsoredsId: sponsoreds.id,
      entitiesId: sponsoreds.entitiesId,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      firstName: sponsoreds.firstName,
      lastName: sponsoreds.lastName,
      title2: sponsoreds.title,
    })
    .from(updates)
    .innerJoin(sponsoreds, eq(sponsoreds.id, updates.sponsoredsId))
    .where(and(eq(updates.partnersId, partnersId), eq(updates.code, code)));
  return row ?? null;
}

export async function isActiveSponsor(
  db: Queryable,
  usersId: number,
  sponsoredsId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userSponsoreds.id })
    .from(userSponsoreds)
    .where(
      and(
        eq(userSponsoreds.usersId, usersId),
        eq(userSponsoreds.sponsoredsId, sponsoredsId),
        isNull(userSponsoreds.dateEnded),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks the person's notice of this update opened, the first time only. */
export async function markNoticeOpened(db: Queryable, updatesId: number, usersId: number): Promise<void> {
  await db
    .update(updateNotices)
    .set({ openedAt: new Date() })
    .where(
      and(
        eq(updateNotices.updatesId, updatesId),
        eq(updateNotices.usersId, usersId),
        isNull(updateNotices.openedAt),
      ),
    );
}

/** Whether the person actively sponsors a record that a sent post was written to. */
export async function sponsorsARecordOfPost(
  db: Queryable,
  usersId: number,
  postId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: updates.id })
    .from(updates)
    .innerJoin(
      userSponsoreds,
      and(eq(userSponsoreds.sponsoredsId, updates.sponsoredsId), isNull(userSponsoreds.dateEnded)),
    )
    .where(and(eq(updates.updatePostsId, postId), eq(userSponsoreds.usersId, usersId)))
    .limit(1);
  return row !== undefined;
}

export function findPostForPictures(db: Queryable, id: number) {
  return db
    .select({
      partnersId: updatePosts.partnersId,
      entityIds: updatePosts.entityIds,
      picturePaths: updatePosts.picturePaths,
    })
    .from(updatePosts)
    .where(eq(updatePosts.id, id))
    .then((rows) => rows[0] ?? null);
}
