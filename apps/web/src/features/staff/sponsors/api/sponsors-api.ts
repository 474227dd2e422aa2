import {
  sponsorDetailSchema,
  sponsorRowSchema,
  sponsorshipViewSchema,
  type ManualSponsorshipInput,
  type RecordRow,
  type SponsorDetail,
  type SponsorRow,
  type SponsorshipView,
} from '@kinship/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageAnswer, PageRequest } from '../../../../components/staff/server-data-table';
import { apiPaged, apiRequest } from '../../../../lib/api-client';

// The Sponsors section's calls (decision 039): GET dashboard/sponsors[/{id}], POST
// dashboard/sponsorships (manual), POST dashboard/sponsorships/{id}/end and /move; the record
// picker reads the Records section's list (GET dashboard/records).

/** The section's query keys: every one starts with `all`, so a change refreshes them together. */
export const sponsorsKeys = {
  all: ['dashboard', 'sponsors'] as const,
  list: () => [...sponsorsKeys.all, 'list'] as const,
  one: (id: number) => [...sponsorsKeys.all, 'one', id] as const,
  recordPicker: (type: number, q: string) => [...sponsorsKeys.all, 'record-picker', type, q] as const,
};

export function fetchSponsorsPage(request: PageRequest): Promise<PageAnswer<SponsorRow>> {
  return apiPaged<SponsorRow>('dashboard/sponsors', {
    itemSchema: sponsorRowSchema,
    query: {
      page: request.page,
      pageSize: request.pageSize,
      q: request.search,
      ...(request.sort ? { sort: request.sort.column, order: request.sort.direction } : {}),
      ...request.filters,
    },
  });
}

export const sponsorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: sponsorsKeys.one(id),
    queryFn: () => apiRequest<SponsorDetail>(`dashboard/sponsors/${id}`, { schema: sponsorDetailSchema }),
  });

export const useSponsor = (id: number) => useQuery(sponsorQueryOptions(id));

export const recordManualSponsorship = (values: ManualSponsorshipInput) =>
  apiRequest<SponsorshipView>('dashboard/sponsorships', {
    method: 'POST',
    body: values,
    schema: sponsorshipViewSchema,
  });

export const endSponsorship = (id: number, reason: string) =>
  apiRequest<SponsorshipView>(`dashboard/sponsorships/${id}/end`, {
    method: 'POST',
    body: { reason },
    schema: sponsorshipViewSchema,
  });

export const moveSponsorship = (id: number, sponsoredsId: number, reason: string) =>
  apiRequest<SponsorshipView>(`dashboard/sponsorships/${id}/move`, {
    method: 'POST',
    body: { sponsoredsId, reason },
    schema: sponsorshipViewSchema,
  });

/** A change to a sponsorship refreshes the people table, their pages and the record picker. */
function useSponsorsMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<SponsorshipView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: sponsorsKeys.all }),
  });
}

export const useRecordManualSponsorship = () => useSponsorsMutation(recordManualSponsorship);

export const useEndSponsorship = () =>
  useSponsorsMutation(({ id, reason }: { id: number; reason: string }) => endSponsorship(id, reason));

export const useMoveSponsorship = () =>
  useSponsorsMutation(({ id, sponsoredsId, reason }: { id: number; sponsoredsId: number; reason: string }) =>
    moveSponsorship(id, sponsoredsId, reason),
  );

export const recordPickerQueryOptions = (type: number, q: string) =>
  queryOptions({
    queryKey: sponsorsKeys.recordPicker(type, q),
    queryFn: () => searchRecords(type, q),
    placeholderData: keepPreviousData,
  });

/** Records of a type matching the search, those with an open slot first (the picker's options). */
export async function searchRecords(type: number, q: string): Promise<RecordRow[]> {
  const page = await apiPaged<RecordRow>('dashboard/records', {
    query: { type, q, pageSize: 20, sort: 'slotsFilled', order: 'asc' },
  });
  return page.items.filter((r) => r.status === 'active' || r.status === 'reserved');
}
