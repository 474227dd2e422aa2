import type { RecordDetail } from '@kinship/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * The staff records' query keys (decision 029): the Records section's tables and editor and a
 * record's pictures page read the same rows, so both use these. Every key starts with `all`, so a
 * change to a record refreshes them together.
 */
export const recordsKeys = {
  all: ['dashboard', 'records'] as const,
  list: (type: number) => [...recordsKeys.all, 'list', type] as const,
  one: (id: number | null) => [...recordsKeys.all, 'one', id] as const,
  /** A bulk import's state (its own prefix: an import's polling refreshes no table). */
  import: (id: number | null) => ['dashboard', 'imports', id] as const,
};

/** GET dashboard/records/{id}: one record as staff edit it. */
export const getRecord = (id: number) => apiRequest<RecordDetail>(`dashboard/records/${id}`);

/** One record; asked for only when there is one (`id` not null). */
export const recordQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: recordsKeys.one(id),
    queryFn: () => getRecord(id as number),
    enabled: id !== null,
  });
