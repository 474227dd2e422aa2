import { setupChecklistSchema, type SetupChecklist } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** GET dashboard/setup: the partner's setup checklist, each step read from its data. */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'setup'],
    queryFn: () => apiRequest<SetupChecklist>('dashboard/setup', { schema: setupChecklistSchema }),
  });

export function useSetupChecklist(enabled: boolean) {
  return useQuery({ ...setupChecklistQueryOptions(), enabled });
}
