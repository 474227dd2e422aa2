import { auditRowSchema, type AuditRow } from '@kinship/domain';
import type { PageAnswer, PageRequest } from '../../../../components/staff/server-data-table';
import { apiPaged, apiUrl } from '../../../../lib/api-client';

// The Audit log section's calls (decision 046): GET dashboard/audit (paged) and its CSV export.

/** The filters of the section: who, what, when and which record (empty values are left out). */
export type AuditFilters = Partial<Record<'usersId' | 'action' | 'entityType' | 'entityId' | 'when', string>>;

/** The section's query keys: the table's, per set of filters. */
export const auditKeys = {
  all: ['dashboard', 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

const present = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

export function fetchAuditPage(filters: AuditFilters, request: PageRequest): Promise<PageAnswer<AuditRow>> {
  return apiPaged<AuditRow>('dashboard/audit', {
    query: { page: request.page, pageSize: request.pageSize, q: request.search, ...present(filters) },
    itemSchema: auditRowSchema,
  });
}

/** The server's CSV of every row of the filters (streamed by platform/table-export). */
export const auditExportUrl = (filters: AuditFilters, search: string) =>
  apiUrl('dashboard/audit/export', { ...present(filters), ...(search ? { q: search } : {}) });
