import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../../lib/api-client';

/** A picture as the staff panel gets it (GET sponsoreds/{id}/pictures). */
export interface ManagedPicture {
  id: number;
  imagePath: string;
  description: string | null;
  sortOrder: number;
  thumbPath: string;
  isProfile: boolean;
}

/** The section's query keys: a record's gallery, and the section's table of records per type. */
export const picturesKeys = {
  all: ['dashboard', 'pictures'] as const,
  gallery: (sponsoredsId: number) => [...picturesKeys.all, sponsoredsId] as const,
  records: (type: number) => [...picturesKeys.all, 'records', type] as const,
};

export const picturesQueryOptions = (sponsoredsId: number) =>
  queryOptions({
    queryKey: picturesKeys.gallery(sponsoredsId),
    queryFn: () => apiRequest<ManagedPicture[]>(`sponsoreds/${sponsoredsId}/pictures`),
  });

export function useRecordPictures(sponsoredsId: number) {
  return useQuery(picturesQueryOptions(sponsoredsId));
}

/** Where the dropzone posts each file (the groundwork's upload route). */
export const uploadUrlFor = (sponsoredsId: number) => apiUrl(`sponsoreds/${sponsoredsId}/images`);

/** Every change answers the whole gallery, which replaces the cached one. */
export function usePictureChanges(sponsoredsId: number) {
  const client = useQueryClient();
  const key = picturesQueryOptions(sponsoredsId).queryKey;
  const settle = { onSuccess: (pictures: ManagedPicture[]) => client.setQueryData(key, pictures) };
  return {
    refresh: () => client.invalidateQueries({ queryKey: key }),
    describe: useMutation({
      mutationFn: ({ id, description }: { id: number; description: string }) =>
        apiRequest<ManagedPicture[]>(`sponsoreds/${sponsoredsId}/images/${id}`, {
          method: 'PATCH',
          body: { description: description.trim() === '' ? null : description },
        }),
      ...settle,
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) =>
        apiRequest<ManagedPicture[]>(`sponsoreds/${sponsoredsId}/images/order`, {
          method: 'PUT',
          body: { ids },
        }),
      onMutate: (ids: number[]) => {
        const current = client.getQueryData(key);
        if (current) {
          const byId = new Map(current.map((p) => [p.id, p]));
          client.setQueryData(key, ids.map((id) => byId.get(id)!).filter(Boolean));
        }
        return { current };
      },
      onError: (_error, _ids, context) => {
        if (context?.current) client.setQueryData(key, context.current);
      },
      ...settle,
    }),
    makeProfile: useMutation({
      mutationFn: (imageId: number) =>
        apiRequest<ManagedPicture[]>(`sponsoreds/${sponsoredsId}/profileimage`, {
          method: 'PUT',
          body: { imageId },
        }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (imageId: number) =>
        apiRequest<ManagedPicture[]>(`sponsoreds/${sponsoredsId}/images/${imageId}`, { method: 'DELETE' }),
      ...settle,
    }),
  };
}
