import { staffedPartnerSchema } from '@kinship/domain';
import type { StaffedPartner } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { shellKeys } from './shell-keys';

/** GET dashboard/partners: the partners the viewer may staff (the partner switcher). */
export function getStaffedPartners(): Promise<StaffedPartner[]> {
  return apiRequest('dashboard/partners', { schema: staffedPartnerSchema.array() });
}

export const staffedPartnersQueryOptions = () =>
  queryOptions({ queryKey: shellKeys.staffedPartners(), queryFn: getStaffedPartners, staleTime: 60_000 });

export function useStaffedPartners(enabled: boolean) {
  return useQuery({ ...staffedPartnersQueryOptions(), enabled });
}
