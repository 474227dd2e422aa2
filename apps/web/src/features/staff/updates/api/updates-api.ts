import {
  updatePostDetailSchema,
  updatePostSummarySchema,
  updateRecipientsSchema,
  type UpdatePostDetail,
  type UpdatePostInput,
  type UpdatePostSummary,
  type UpdateRecipients,
} from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageAnswer, PageRequest } from '../../../../components/staff/server-data-table';
import { apiPaged, apiRequest, apiUrl } from '../../../../lib/api-client';

// The Updates section's calls (decision 037): GET/POST dashboard/updates, GET/PATCH/DELETE
// dashboard/updates/{id}, POST dashboard/updates/{id}/pictures, GET dashboard/updates/recipients.

/** The section's query keys: every one starts with `all`, so a saved update refreshes them together. */
export const updatesKeys = {
  all: ['dashboard', 'updates'] as const,
  list: () => [...updatesKeys.all, 'list'] as const,
  post: (id: number) => [...updatesKeys.all, 'post', id] as const,
  recipients: (search: string) => [...updatesKeys.all, 'recipients', search] as const,
};

export function fetchUpdatesPage(request: PageRequest): Promise<PageAnswer<UpdatePostSummary>> {
  return apiPaged<UpdatePostSummary>('dashboard/updates', {
    query: { page: request.page, pageSize: request.pageSize, q: request.search, ...request.filters },
    itemSchema: updatePostSummarySchema,
  });
}

export const updatePostQueryOptions = (id: number) =>
  queryOptions({
    queryKey: updatesKeys.post(id),
    queryFn: () =>
      apiRequest<UpdatePostDetail>(`dashboard/updates/${id}`, { schema: updatePostDetailSchema }),
  });

export function useUpdatePost(id: number | null) {
  return useQuery({ ...updatePostQueryOptions(id ?? 0), enabled: id !== null });
}

export function useUpdateRecipients(search: string) {
  return useQuery({
    queryKey: updatesKeys.recipients(search),
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

/** Saving or deleting an update refreshes the list and the update (awaited before the editor moves on). */
function useUpdatesMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: updatesKeys.all }),
  });
}

/** Creates the update, or changes it when `id` is given. */
export const useSaveUpdatePost = () =>
  useUpdatesMutation(({ id, body }: { id: number | null; body: UpdatePostInput }) =>
    id === null ? createUpdatePost(body) : changeUpdatePost(id, body),
  );

export const useDeleteUpdatePost = () => useUpdatesMutation(deleteUpdatePost);

/** After pictures are uploaded to an update: its detail is read again. */
export function useRefreshUpdatePost() {
  const client = useQueryClient();
  return (id: number) => void client.invalidateQueries({ queryKey: updatesKeys.post(id) });
}
