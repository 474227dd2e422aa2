import { type AuditQuery, type AuditRow } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { fieldErrors } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import type { ExportColumn } from '../../../platform/table-export.ts';
import {
  auditConditions,
  auditRowsInBatches,
  countAuditRows,
  listAuditRows,
  type AuditFilter,
  type AuditLogRow,
} from './audit-log.repository.ts';

// The Audit log section (issue 14 item 4, decision 046): the partner's audit_log rows (decision
// 024) for audit.view, filtered by who, what, when and which record, paged by the server and
// exported as CSV. Only the site's partner's rows: a platform administrator reads another
// partner's trail on that partner's site.

const DAY_MS = 24 * 60 * 60 * 1000;

function dayStart(day: string, field: string): number {
  const t = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(t)) throw fieldErrors({ [field]: 'Not a calendar date' });
  return t;
}

function filterOf(ctx: SiteContext, query: AuditQuery): AuditFilter {
  let [from, to] = [query.from, query.to];
  if (query.when) [from, to] = query.when.split('..') as [string, string];
  const fromMs = from === undefined ? undefined : dayStart(from, query.when ? 'when' : 'from');
  const untilMs = to === undefined ? undefined : dayStart(to, query.when ? 'when' : 'to') + DAY_MS;
  if (fromMs !== undefined && untilMs !== undefined && untilMs <= fromMs)
    throw fieldErrors({ [query.when ? 'when' : 'to']: 'The period ends before it starts' });
  return {
    partnersId: ctx.partner.id,
    usersId: query.usersId,
    action: query.action,
    entityType: query.entityType,
    entityId: query.entityId,
    from: fromMs === undefined ? undefined : new Date(fromMs).toISOString(),
    until: untilMs === undefined ? undefined : new Date(untilMs).toISOString(),
    q: query.q,
  };
}

function viewOf(row: AuditLogRow): AuditRow {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorKind: row.actorKind,
    usersId: row.usersId,
    actorName: name || null,
    actorEmail: row.actorEmail,
    roles: row.roles,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    changes: row.changes,
    details: row.details ?? null,
    requestId: row.requestId,
    clientAddress: row.clientAddress,
  };
}

export async function listAudit(
  db: Db,
  ctx: SiteContext,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  requireAccess(ctx, 'audit.view');
  const where = auditConditions(filterOf(ctx, query));
  const [rows, total] = await Promise.all([
    listAuditRows(db, where, query.pageSize, (query.page - 1) * query.pageSize),
    countAuditRows(db, where),
  ]);
  return { rows: rows.map(viewOf), total };
}

const who = (r: AuditRow) =>
  r.actorKind === 'person' ? (r.actorName ?? r.actorEmail ?? `person ${r.usersId ?? '?'}`) : r.actorKind;

export const AUDIT_EXPORT_COLUMNS: ExportColumn<AuditRow>[] = [
  { header: 'When', value: (r) => r.createdAt },
  { header: 'Who', value: who },
  { header: 'Email', value: (r) => r.actorEmail },
  { header: 'Person id', value: (r) => r.usersId },
  { header: 'Roles', value: (r) => r.roles.join(' ') },
  { header: 'Action', value: (r) => r.action },
  { header: 'Entity type', value: (r) => r.entityType },
  { header: 'Entity id', value: (r) => r.entityId },
  { header: 'Changes', value: (r) => JSON.stringify(r.changes) },
  { header: 'Details', value: (r) => (r.details ? JSON.stringify(r.details) : null) },
  { header: 'Request id', value: (r) => r.requestId },
  { header: 'Address', value: (r) => r.clientAddress },
];

/** Every row of the filter, for the CSV export (checked before the first byte is written). */
export function exportAudit(db: Db, ctx: SiteContext, query: AuditQuery): AsyncIterable<AuditRow> {
  requireAccess(ctx, 'audit.view');
  const where = auditConditions(filterOf(ctx, query));
  return (async function* () {
    for await (const row of auditRowsInBatches(db, where)) yield viewOf(row);
  })();
}
