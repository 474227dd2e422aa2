import {
  updatePostDetailSchema,
  updatePostSummarySchema,
  updateRecipientsSchema,
  type UpdatePostDetail,
  type UpdatePostInput,
  type UpdatePostSummary,
  type UpdateRecipients,
} from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageAnswer, PageRequest } from '../../../../components/staff/server-data-table';
import { apiPaged, apiRequest, apiUrl } from '../../../../lib/api-client';

// The Updates section's calls (decision 037): GET/POST dashboard/updates, GET/PATCH/DELETE
// dashboard/updates/{id}, POST dashboard/updates/{id}/pictures, GET dashboard/updates/recipients.

export const UPDATES_KEY = ['dashboard', 'updates'] as const;

export function fetchUpdatesPage(request: PageRequest): Promise<PageAnswer<UpdatePostSummary>> {
  return apiPaged<UpdatePostSummary>('dashboard/updates', {
    query: { page: request.page, pageSize: request.pageSize, q: request.search, ...request.filters },
    itemSchema: updatePostSummarySchema,
  });
}

export const updatePostQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...UPDATES_KEY, 'post', id],
    queryFn: () =>
      apiRequest<UpdatePostDetail>(`dashboard/updates/${id}`, { schema: updatePostDetailSchema }),
  });

export function useUpdatePost(id: number | null) {
  return useQuery({ ...updatePostQueryOptions(id ?? 0), enabled: id !== null });
}

export function useUpdateRecipients(search: string) {
  return useQuery({
    queryKey: [...UPDATES_KEY, 'recipients', search],
    queryFn: () =>
      apiRequest<UpdateRecipients>('dashboard/updates/recipients', {
        query: { q: search },
        schema: updateRecipientsSchema,
      }),
    placeholderData: (previous) => previous,
  });
}

export const createUpdatePost = (body: UpdatePostInput) =>
  apiRequest<UpdatePostDetail>('dashboard/updates', { method: 'POST', body });

export const changeUpdatePost = (id: number, body: UpdatePostInput) =>
  apiRequest<UpdatePostDetail>(`dashboard/updates/${id}`, { method: 'PATCH', body });

export const deleteUpdatePost = (id: number) =>
  apiRequest<void>(`dashboard/updates/${id}`, { method: 'DELETE' });

export const updatePicturesUrl = (id: number) => apiUrl(`dashboard/updates/${id}/pictures`);
