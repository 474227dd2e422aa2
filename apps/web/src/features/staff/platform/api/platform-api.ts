import {
  consolePartnerSchema,
  domainVerifiedSchema,
  type ConsolePartner,
  type DomainVerified,
  type PartnerCreate,
} from '@kinship/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

// The Platform console's calls (decision 046): dashboard/platform/partners.

/** The section's query keys. */
export const platformKeys = {
  all: ['dashboard', 'platform'] as const,
  partners: () => [...platformKeys.all, 'partners'] as const,
};

export const consolePartnersQueryOptions = () =>
  queryOptions({
    queryKey: platformKeys.partners(),
    queryFn: () =>
      apiRequest<ConsolePartner[]>('dashboard/platform/partners', { schema: consolePartnerSchema.array() }),
  });

export const createPartner = (values: PartnerCreate) =>
  apiRequest<ConsolePartner>('dashboard/platform/partners', { method: 'POST', body: values });

export const setPartnerModes = (id: number, modes: { demoMode?: boolean; privateDemo?: boolean }) =>
  apiRequest<ConsolePartner>(`dashboard/platform/partners/${id}`, { method: 'PATCH', body: modes });

/** POST dashboard/platform/partners/{id}/domains/{domain}/verify: vouch for a partner's domain (decision 050). */
export const verifyPartnerDomain = (id: number, domain: string) =>
  apiRequest<DomainVerified>(
    `dashboard/platform/partners/${id}/domains/${encodeURIComponent(domain)}/verify`,
    { method: 'POST', schema: domainVerifiedSchema },
  );

/** A change to a partner refreshes the console's list (without holding the mutation until it has). */
function usePartnersMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: platformKeys.partners() }),
  });
}

export const useCreatePartner = () => usePartnersMutation(createPartner);

export const useSetPartnerModes = () =>
  usePartnersMutation(({ id, ...modes }: { id: number; demoMode?: boolean; privateDemo?: boolean }) =>
    setPartnerModes(id, modes),
  );

export const useVerifyPartnerDomain = () =>
  usePartnersMutation(({ id, domain }: { id: number; domain: string }) => verifyPartnerDomain(id, domain));
