import {
  consolePartnerSchema,
  domainVerifiedSchema,
  type ConsolePartner,
  type DomainVerified,
  type PartnerCreate,
} from '@kinship/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

// The Platform console's calls (decision 046): dashboard/platform/partners.

export const consolePartnersQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'platform', 'partners'],
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
