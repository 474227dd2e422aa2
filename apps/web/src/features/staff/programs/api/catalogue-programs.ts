import type { ProgramInput, StaffProgram, StaffProgramsAnswer } from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../../lib/api-client';
import { uploadWithProgress } from '../../../../components/staff/upload';

/** GET dashboard/programs: the programs the viewer works on, with counts. */
export function getStaffPrograms(): Promise<StaffProgramsAnswer> {
  return apiRequest<StaffProgramsAnswer>('dashboard/programs');
}

/** The section's query keys. */
export const programsKeys = {
  all: ['dashboard', 'programs'] as const,
};

export const staffProgramsQueryOptions = () =>
  queryOptions({ queryKey: programsKeys.all, queryFn: getStaffPrograms });

export function useStaffPrograms() {
  return useQuery(staffProgramsQueryOptions());
}

/** POST dashboard/programs, PUT dashboard/programs/{id} and the picture upload; each refreshes the list. */
export function useProgramWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: programsKeys.all });
  const create = useMutation({
    mutationFn: (body: ProgramInput) =>
      apiRequest<StaffProgram>('dashboard/programs', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProgramInput }) =>
      apiRequest<StaffProgram>(`dashboard/programs/${id}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const setImage = useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress: (f: number) => void }) =>
      uploadWithProgress(apiUrl(`dashboard/programs/${id}/image`), file, onProgress, 'image'),
    onSuccess: refresh,
  });
  return { create, update, setImage };
}
