import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { letterKeys } from './letter-keys';

/** DELETE messages/{id}: the writer's own draft (204). */
export const deleteDraft = (id: number): Promise<void> => apiRequest(`messages/${id}`, { method: 'DELETE' });

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.all }),
  });
}
