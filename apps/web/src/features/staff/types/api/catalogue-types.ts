import type {
  PlanChangeAnswer,
  PlanInput,
  StaffType,
  StaffTypesAnswer,
  TypeCreateInput,
  TypeSettingsInput,
} from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** GET dashboard/types: the partner's sponsored types with their current plans. */
export function getStaffTypes(): Promise<StaffTypesAnswer> {
  return apiRequest<StaffTypesAnswer>('dashboard/types');
}

/** The section's query keys. */
export const typesKeys = {
  all: ['dashboard', 'types'] as const,
};

export const staffTypesQueryOptions = () => queryOptions({ queryKey: typesKeys.all, queryFn: getStaffTypes });

export function useStaffTypes() {
  return useQuery(staffTypesQueryOptions());
}

/** POST dashboard/types, PUT dashboard/types/{id} and PUT dashboard/types/{id}/plan; each refreshes the list. */
export function useTypeWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: typesKeys.all });
  const create = useMutation({
    mutationFn: (body: TypeCreateInput) => apiRequest<StaffType>('dashboard/types', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: TypeSettingsInput }) =>
      apiRequest<StaffType>(`dashboard/types/${id}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const changePlan = useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlanInput }) =>
      apiRequest<PlanChangeAnswer>(`dashboard/types/${id}/plan`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  return { create, update, changePlan };
}
