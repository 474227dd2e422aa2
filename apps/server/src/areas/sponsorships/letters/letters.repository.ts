import type { LetterDirection, LetterFlagKind, LetterStatus } from '@kinship/domain';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable, Tx } from '../../../db/client.ts';
import {
  entities,
  letterSettings,
  messageFlags,
  messages,
  messageSteps,
  sponsoreds,
  userSponsoreds,
  users,
} from '../../../db/schema/index.ts';

// The letters' queries (issue 24): the sponsorships area's own tables.

export type LetterRow = typeof messages.$inferSelect;
export type LetterFlagDbRow = typeof messageFlags.$inferSelect;

/** The viewer's sponsorships of a record at the partner, newest first (active ones before ended). */
export function sponsorshipsOfRecord(
  db: Queryable,
  partnersId: number,
  usersId: number,
  sponsoredsId: number,
) {
  return db
    .select({ id: userSponsoreds.id, dateEnded: userSponsoreds.dateEnded })
    .from(userSponsoreds)
    .where(
      and(
        eq(userSponsoreds.partnersId, partnersId),
        eq(userSponsoreds.usersId, usersId),
        eq(userSponsoreds.sponsoredsId, sponsoredsId),
      ),
    )
    .orderBy(sql`${userSponsoreds.dateEnded} IS NOT NULL`, desc(userSponsoreds.id));
}

/** A record with what letters show of it. */
export async function findRecord(db: Queryable, partnersId: number, sponsoredsId: number) {
  const [row] = await db
    .select({
      id: sponsoreds.id,
      entitiesId: sponsoreds.entitiesId,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      code: sponsoreds.code,
      firstName: sponsoreds.firstName,
      lastName: sponsoreds.lastName,
      title: sponsoreds.title,
    })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.id, sponsoredsId), eq(sponsoreds.partnersId, partnersId)));
  return row ?? null;
}

export async function findSettings(db: Queryable, partnersId: number) {
  const [row] = await db.select().from(letterSettings).where(eq(letterSettings.partnersId, partnersId));
  return row ?? null;
}

export async function saveSettings(
  tx: Tx,
  partnersId: number,
  values: { guidelines: string; words: string[]; translations: Record<string, { guidelines?: string }> },
) {
  const [row] = await tx
    .insert(letterSettings)
    .values({ partnersId, ...values })
    .onConflictDoUpdate({ target: letterSettings.partnersId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function insertLetter(tx: Tx, values: typeof messages.$inferInsert): Promise<LetterRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  return row!;
}

export async function updateLetter(
  tx: Tx,
  id: number,
  values: Partial<typeof messages.$inferInsert>,
): Promise<LetterRow> {
  const [row] = await tx
    .update(messages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(messages.id, id))
    .returning();
  return row!;
}

export async function deleteLetter(tx: Tx, id: number) {
  await tx.delete(messages).where(eq(messages.id, id));
}

export async function findLetter(db: Queryable, partnersId: number, id: number): Promise<LetterRow | null> {
  if (id > 2_147_483_647) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.partnersId, partnersId)));
  return row ?? null;
}

export async function lockLetter(tx: Tx, partnersId: number, id: number): Promise<LetterRow | null> {
  if (id > 2_147_483_647) return null;
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.partnersId, partnersId)))
    .for('update');
  return row ?? null;
}

export async function insertStep(tx: Tx, messagesId: number, status: LetterStatus, byUsersId: number | null) {
  await tx.insert(messageSteps).values({ messagesId, status, byUsersId });
}

export function stepsOf(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      messagesId: messageSteps.messagesId,
      status: messageSteps.status,
      at: messageSteps.at,
      byUsersId: messageSteps.byUsersId,
      byFirstName: users.firstName,
      byLastName: users.lastName,
    })
    .from(messageSteps)
    .leftJoin(users, eq(users.id, messageSteps.byUsersId))
    .where(inArray(messageSteps.messagesId, [...ids]))
    .orderBy(asc(messageSteps.at), asc(messageSteps.id));
}

export function flagsOf(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as LetterFlagDbRow[]);
  return db
    .select()
    .from(messageFlags)
    .where(inArray(messageFlags.messagesId, [...ids]))
    .orderBy(asc(messageFlags.start), asc(messageFlags.id));
}

export async function findFlag(tx: Queryable, messagesId: number, flagId: number) {
  if (flagId > 2_147_483_647) return null;
  const [row] = await tx
    .select()
    .from(messageFlags)
    .where(and(eq(messageFlags.id, flagId), eq(messageFlags.messagesId, messagesId)));
  return row ?? null;
}

export async function updateFlag(tx: Tx, flagId: number, values: Partial<typeof messageFlags.$inferInsert>) {
  await tx.update(messageFlags).set(values).where(eq(messageFlags.id, flagId));
}

/** Replaces a letter's text flags (removed ones stay, as history) with `flags`. */
export async function replaceTextFlags(
  tx: Tx,
  messagesId: number,
  flags: Array<{
    kind: LetterFlagKind;
    start: number;
    end: number;
    text: string;
    status: 'open' | 'accepted';
    reason: string | null;
    decidedByUsersId: number | null;
    decidedAt: Date | null;
  }>,
) {
  await tx
    .delete(messageFlags)
    .where(
      and(
        eq(messageFlags.messagesId, messagesId),
        eq(messageFlags.source, 'text'),
        inArray(messageFlags.status, ['open', 'accepted']),
      ),
    );
  if (flags.length) {
    await tx.insert(messageFlags).values(flags.map((f) => ({ ...f, messagesId, source: 'text' })));
  }
}

/** Keeps the letter's open-flag count and kinds (the queue's filters) in step with its flags. */
export async function refreshFlagSummary(tx: Tx, messagesId: number) {
  await tx.execute(sql`
    UPDATE messages SET
      open_flags = (SELECT count(*) FROM message_flags f WHERE f.messages_id = ${messagesId} AND f.status = 'open'),
      flag_kinds = COALESCE(
        (SELECT array_agg(DISTINCT f.kind ORDER BY f.kind) FROM message_flags f
          WHERE f.messages_id = ${messagesId} AND f.status = 'open'),
        '{}'::text[])
    WHERE id = ${messagesId}`);
}

/** What the lists show of each letter: its record, program, sponsor and assignee. */
const assignee = alias(users, 'assignee');
const sponsor = alias(users, 'sponsor');

function listColumns() {
  return {
    letter: messages,
    entitiesId: sponsoreds.entitiesId,
    programName: entities.name,
    sponsoredTypesId: sponsoreds.sponsoredTypesId,
    recordCode: sponsoreds.code,
    recordFirstName: sponsoreds.firstName,
    recordLastName: sponsoreds.lastName,
    recordTitle: sponsoreds.title,
    sponsorFirstName: sponsor.firstName,
    assigneeFirstName: assignee.firstName,
    assigneeLastName: assignee.lastName,
  };
}
export type LetterListRow = {
  letter: LetterRow;
  entitiesId: number;
  programName: string | null;
  sponsoredTypesId: number;
  recordCode: string;
  recordFirstName: string | null;
  recordLastName: string | null;
  recordTitle: string | null;
  sponsorFirstName: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
};

function listFrom(db: Queryable) {
  return db
    .select(listColumns())
    .from(messages)
    .innerJoin(sponsoreds, eq(sponsoreds.id, messages.sponsoredsId))
    .leftJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .innerJoin(sponsor, eq(sponsor.id, messages.usersId))
    .leftJoin(assignee, eq(assignee.id, messages.assigneeUsersId));
}

export async function findLetterRow(
  db: Queryable,
  partnersId: number,
  id: number,
): Promise<LetterListRow | null> {
  if (id > 2_147_483_647) return null;
  const [row] = await listFrom(db).where(and(eq(messages.id, id), eq(messages.partnersId, partnersId)));
  return (row as LetterListRow | undefined) ?? null;
}

/** Several letters with what the lists show of them (a bulk call's), in one query. */
export async function findLetterRows(db: Queryable, partnersId: number, ids: readonly number[]) {
  const valid = ids.filter((id) => id <= 2_147_483_647);
  if (valid.length === 0) return [] as LetterListRow[];
  return (await listFrom(db).where(
    and(inArray(messages.id, [...valid]), eq(messages.partnersId, partnersId)),
  )) as LetterListRow[];
}

export interface QueueFilter {
  partnersId: number;
  scope: SQL | undefined;
  statuses: readonly LetterStatus[] | null;
  direction?: LetterDirection | undefined;
  flagged?: boolean | undefined;
  flag?: LetterFlagKind | undefined;
  programId?: number | undefined;
  assignee?: number | 'none' | undefined;
  q?: string | undefined;
}

function queueWhere(f: QueueFilter): SQL | undefined {
  const q = f.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    eq(messages.partnersId, f.partnersId),
    f.scope,
    f.statuses ? inArray(messages.status, [...f.statuses]) : sql`${messages.status} <> 'draft'`,
    f.direction ? eq(messages.direction, f.direction) : undefined,
    f.flagged === true
      ? sql`${messages.openFlags} > 0`
      : f.flagged === false
        ? eq(messages.openFlags, 0)
        : undefined,
    f.flag ? sql`${messages.flagKinds} @> ARRAY[${f.flag}]::text[]` : undefined,
    f.programId ? eq(sponsoreds.entitiesId, f.programId) : undefined,
    f.assignee === 'none'
      ? isNull(messages.assigneeUsersId)
      : f.assignee
        ? eq(messages.assigneeUsersId, f.assignee)
        : undefined,
    like
      ? or(
          ilike(sponsoreds.code, like),
          ilike(sponsoreds.firstName, like),
          ilike(sponsoreds.lastName, like),
          ilike(sponsoreds.title, like),
          // The search box promises the sponsor and the letter's text too.
          sql`EXISTS (SELECT 1 FROM users su WHERE su.id = ${messages.usersId}
                AND (su.first_name ILIKE ${like} OR su.last_name ILIKE ${like}))`,
          ilike(messages.body, like),
          /^\d{1,9}$/.test(q!) ? eq(messages.id, Number(q)) : undefined,
        )
      : undefined,
  );
}

/**
 * The queue: oldest submitted first (a queue is worked from its head), a page and the total.
 * The page's ids are chosen on the narrow columns first (from messages_queue_idx alone, decision
 * 078), then only those letters are read whole; the record is joined only when a filter reads it.
 */
export async function listQueue(db: Queryable, f: QueueFilter, offset: number, limit: number) {
  const where = queueWhere(f);
  const searches = Boolean(f.q?.trim());
  const readsRecord = f.scope !== undefined || f.programId !== undefined || searches;
  const order = [sql`${messages.submittedAt} ASC NULLS LAST`, asc(messages.id)];
  const matching = <T extends Parameters<Queryable['select']>[0]>(columns: T) => {
    const from = db.select(columns).from(messages);
    return readsRecord ? from.innerJoin(sponsoreds, eq(sponsoreds.id, messages.sponsoredsId)) : from;
  };
  const page = matching({ id: messages.id })
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, [total]] = await Promise.all([
    listFrom(db)
      .where(inArray(messages.id, page))
      .orderBy(...order),
    matching({ n: sql<number>`count(*)::int` }).where(where),
  ]);
  return { rows: rows as LetterListRow[], total: total?.n ?? 0 };
}

/** A sponsor's letters at the partner: their own in every state, replies once released. */
export async function listOfSponsor(
  db: Queryable,
  partnersId: number,
  usersId: number,
  sponsoredsId?: number,
) {
  const rows = await listFrom(db)
    .where(
      and(
        eq(messages.partnersId, partnersId),
        eq(messages.usersId, usersId),
        sponsoredsId ? eq(messages.sponsoredsId, sponsoredsId) : undefined,
        or(
          eq(messages.direction, 'to_sponsored'),
          inArray(messages.status, ['approved', 'printed', 'sent_to_program', 'delivered']),
        ),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(500);
  return rows as LetterListRow[];
}

type StaffRow = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  entity_ids: number[] | null;
};
type TypicalRow = { status: string; p80: number | string | null; n: number | string };

/** The partner's staff holding one of `roleIds`, with their programs (none: partner-wide). */
export async function staffWithRoles(db: Queryable, partnersId: number, roleIds: readonly number[]) {
  const result = await db.execute(sql`
    SELECT u.id, u.first_name, u.last_name, u.email,
      (SELECT array_agg(pe.entities_id) FROM partner_user_entities pe WHERE pe.partner_users_id = pu.id) AS entity_ids
    FROM partner_users pu
    JOIN users u ON u.id = pu.users_id
    WHERE pu.partners_id = ${partnersId}
      AND EXISTS (SELECT 1 FROM partner_user_roles r WHERE r.partner_users_id = pu.id AND r.roles_id IN (${sql.join(
        roleIds.map((r) => sql`${r}`),
        sql`, `,
      )}))
    ORDER BY u.first_name, u.last_name, u.id`);
  return (result as unknown as { rows: StaffRow[] }).rows;
}

/**
 * How long each step usually takes at this partner: the 80th percentile, in seconds, from a
 * sponsor letter's submission (or previous step) to the step, over the last year's letters.
 */
export async function typicalStepSeconds(db: Queryable, partnersId: number) {
  const result = await db.execute(sql`
    WITH s AS (
      SELECT st.status, extract(epoch FROM st.at - prev.at) AS secs
      FROM messages m
      JOIN message_steps st ON st.messages_id = m.id
      JOIN LATERAL (
        SELECT p.at FROM message_steps p
        WHERE p.messages_id = m.id AND p.at <= st.at AND p.id <> st.id AND p.status <> 'in_review'
        ORDER BY p.at DESC, p.id DESC LIMIT 1
      ) prev ON true
      WHERE m.partners_id = ${partnersId} AND m.direction = 'to_sponsored'
        AND st.status IN ('approved', 'printed', 'sent_to_program', 'delivered')
        AND st.at > now() - interval '365 days'
    )
    SELECT status, percentile_cont(0.8) WITHIN GROUP (ORDER BY secs) AS p80, count(*) AS n
    FROM s GROUP BY status`);
  return (result as unknown as { rows: TypicalRow[] }).rows.map((r) => ({
    status: r.status,
    p80: r.p80 === null ? null : Number(r.p80),
    n: Number(r.n),
  }));
}

/** Active sponsors' addresses and languages (for a letter's mail). */
export async function findPerson(db: Queryable, usersId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, usersId));
  return row ?? null;
}

export type { Db };
