import type { RecordDetail, RecordInput, RecordUpdate } from '@kinship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../../lib/api-client';
import { recordsKeys } from '../../../../shared/records/record-queries';

// The Records section's calls (decision 029): GET/POST dashboard/records, GET/PATCH/DELETE
// dashboard/records/{id}, POST dashboard/records/{id}/duplicate; GET dashboard/records/export.

export { fetchRecordsPage } from '../../../../shared/records/fetch-records-page';

export const createRecord = (values: RecordInput) =>
  apiRequest<RecordDetail>('dashboard/records', { method: 'POST', body: values });

export const updateRecord = (id: number, values: RecordUpdate) =>
  apiRequest<RecordDetail>(`dashboard/records/${id}`, { method: 'PATCH', body: values });

export const duplicateRecord = (id: number) =>
  apiRequest<RecordDetail>(`dashboard/records/${id}/duplicate`, { method: 'POST', body: {} });

export const deleteRecord = (id: number) => apiRequest<void>(`dashboard/records/${id}`, { method: 'DELETE' });

/** A change to a record refreshes every records query: the tables, the editor's record, its pictures page. */
function useRecordsMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKeys.all }),
  });
}

export const useCreateRecord = () => useRecordsMutation(createRecord);

export const useUpdateRecord = () =>
  useRecordsMutation(({ id, values }: { id: number; values: RecordUpdate }) => updateRecord(id, values));

export const useDuplicateRecord = () => useRecordsMutation(duplicateRecord);

export const useDeleteRecord = () => useRecordsMutation(deleteRecord);

/**
 * The table's export, streamed by the server as CSV or .xlsx, with the table's search and filters
 * (the same condition as the list: status, program, grade, gender, sponsored, has pictures).
 */
export function recordsExportUrl(
  type: number,
  format: 'csv' | 'xlsx',
  query: { search: string; filters: Record<string, string> },
): string {
  return apiUrl('dashboard/records/export', {
    partnerSponsoredTypesId: type,
    format,
    ...query.filters,
    q: query.search,
  });
}
