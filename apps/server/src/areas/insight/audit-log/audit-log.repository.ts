import { and, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog, users } from '../../../db/schema/index.ts';

export interface AuditFilter {
  partnersId: number;
  usersId?: number | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Inclusive first day and exclusive end (the day after the last), as ISO instants. */
  from?: string | undefined;
  until?: string | undefined;
  q?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function auditConditions(filter: AuditFilter): SQL | undefined {
  const action = filter.action;
  return and(
    eq(auditLog.partnersId, filter.partnersId),
    filter.usersId === undefined ? undefined : eq(auditLog.usersId, filter.usersId),
    action === undefined
      ? undefined
      : action.endsWith('.')
        ? like(auditLog.action, `${escapeLike(action)}%`)
        : eq(auditLog.action, action),
    filter.entityType === undefined ? undefined : eq(auditLog.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditLog.createdAt, new Date(filter.from)),
    filter.until === undefined ? undefined : lt(auditLog.createdAt, new Date(filter.until)),
    filter.q === undefined || filter.q === ''
      ? undefined
      : or(
          ilike(auditLog.action, `%${escapeLike(filter.q)}%`),
          ilike(auditLog.entityType, `%${escapeLike(filter.q)}%`),
          eq(auditLog.entityId, filter.q),
          ilike(users.email, `%${escapeLike(filter.q)}%`),
          ilike(
            sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
            `%${escapeLike(filter.q)}%`,
          ),
        ),
  );
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorKind: auditLog.actorKind,
  usersId: auditLog.usersId,
  firstName: users.firstName,
  lastName: users.lastName,
  actorEmail: users.email,
  roles: auditLog.roles,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  changes: auditLog.changes,
  details: auditLog.details,
  requestId: auditLog.requestId,
  clientAddress: auditLog.clientAddress,
};

export type AuditLogRow = Awaited<ReturnType<typeof listAuditRows>>[number];

/** One page, newest first (the partner-and-time index serves it). */
export async function listAuditRows(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.usersId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditRows(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.usersId))
    .where(where);
  return Number(row?.n ?? 0);
}

/** Every row of the filter in batches, by id downwards (the export). */
export async function* auditRowsInBatches(
  db: Db,
  where: SQL | undefined,
  batch = 500,
): AsyncGenerator<AuditLogRow> {
  let below: number | null = null;
  for (;;) {
    const rows: AuditLogRow[] = await db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.usersId))
      .where(and(where, below === null ? undefined : lt(auditLog.id, below)))
      .orderBy(desc(auditLog.id))
      .limit(batch);
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    below = rows[rows.length - 1]!.id;
  }
}
