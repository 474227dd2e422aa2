import { consolePartnerSchema, type ConsolePartner, type PartnerCreate } from '@kinship/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
