import type { RecordRow } from '@kinship/domain';
import type { PageAnswer, PageRequest } from '../../components/staff/server-data-table';
import { apiPaged } from '../../lib/api-client';

/** A page of a type's records, as the staff tables ask for it (GET dashboard/records, decision 029). */
export function fetchRecordsPage(type: number, request: PageRequest): Promise<PageAnswer<RecordRow>> {
  return apiPaged<RecordRow>('dashboard/records', {
    query: {
      type,
      page: request.page,
      pageSize: request.pageSize,
      q: request.search,
      ...(request.sort ? { sort: request.sort.column, order: request.sort.direction } : {}),
      ...request.filters,
    },
  });
}
