import { staffGivingCodesSchema } from '@kinship/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

// The Gifts and codes section's calls (decisions 047, 048, 049 and 052): GET dashboard/giving-codes,
// POST dashboard/trials and dashboard/lightning.

/** The section's query keys. */
export const givingCodesKeys = {
  all: ['dashboard', 'giving-codes'] as const,
};

export const givingCodesQueryOptions = () =>
  queryOptions({
    queryKey: givingCodesKeys.all,
    queryFn: () => apiRequest('dashboard/giving-codes', { schema: staffGivingCodesSchema }),
  });

export interface TrialCodesInput {
  count: number;
  days: number;
  partnerSponsoredTypesId: number | null;
  batch: string;
}

export interface LightningLinkInput {
  campaign: string;
  partnerSponsoredTypesId: number | null;
}

/** Issuing codes or a link refreshes the section's lists. */
function useGivingCodesMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: givingCodesKeys.all }),
  });
}

export const useIssueTrialCodes = () =>
  useGivingCodesMutation((body: TrialCodesInput) =>
    apiRequest<{ codes: string[] }>('dashboard/trials', { method: 'POST', body }),
  );

export const useCreateLightningLink = () =>
  useGivingCodesMutation((body: LightningLinkInput) =>
    apiRequest<{ code: string; path: string }>('dashboard/lightning', { method: 'POST', body }),
  );

/**
 * Expiring or revoking a trial code, or revoking a lightning link, with a reason (decision 059):
 * the lists are read again before `onDone` runs.
 */
export function useWithdrawCode(kind: 'trial' | 'link', id: number, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: 'expire' | 'revoke'; reason: string }) =>
      apiRequest(
        kind === 'trial' ? `dashboard/trials/${id}/withdraw` : `dashboard/lightning/${id}/withdraw`,
        {
          method: 'POST',
          body,
        },
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: givingCodesKeys.all });
      onDone();
    },
  });
}
