import { setupChecklistSchema, type SetupChecklist } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { shellKeys } from './shell-keys';

/** GET dashboard/setup: the partner's setup checklist, each step read from its data. */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: shellKeys.setupChecklist(),
    queryFn: () => apiRequest<SetupChecklist>('dashboard/setup', { schema: setupChecklistSchema }),
  });

export function useSetupChecklist(enabled: boolean) {
  return useQuery({ ...setupChecklistQueryOptions(), enabled });
}
