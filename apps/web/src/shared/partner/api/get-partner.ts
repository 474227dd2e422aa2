import { EMBEDDED_PARTNER_ID, type PartnerPublic, partnerPublicSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The partner key of this site: the first label of a subdomain host, else `?partner=`, else the server's default. */
export function partnerKeyFromLocation(location: Pick<Location, 'hostname' | 'search'>): string {
  const host = location.hostname.toLowerCase();
  const labels = host.split('.');
  const isIp = /^\d+(\.\d+){3}$/.test(host);
  if (!isIp && labels.length >= 2 && (labels.at(-1) === 'localhost' || labels.length >= 3))
    return labels[0] ?? '';
  const param = new URLSearchParams(location.search).get('partner');
  return param ?? '';
}

/** GET partners/{id or subdomain}: called on start by subdomain. An empty key asks the server for this host's partner. */
export const getPartner = (key: string) =>
  apiRequest(`partners/${encodeURIComponent(key || 'current')}`, { schema: partnerPublicSchema });

/** The site's partner queries: a change to the partner's settings refreshes `all`. */
export const partnerKeys = {
  all: ['partners'] as const,
  one: (key: string) => [...partnerKeys.all, key] as const,
};

export const partnerQueryOptions = (key: string) =>
  queryOptions({
    queryKey: partnerKeys.one(key),
    queryFn: () => getPartner(key),
    staleTime: 5 * 60_000,
    // An unknown site stays unknown: show "Site not found" at once rather than after a retry.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });

/**
 * The partner the server embedded in the page it served (its answer to GET partners/current for
 * this host), so the site can start without a round trip; undefined when absent or unreadable.
 */
export function embeddedPartner(): PartnerPublic | undefined {
  const text = document.getElementById(EMBEDDED_PARTNER_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && 'id' in value ? (value as PartnerPublic) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site's partner. The embedded copy (when there is one) renders the site at once; it counts as
 * stale, so the start-up call by subdomain (spec 7) is still made, in the background, and the site
 * re-renders only if the answer differs.
 */
export function usePartnerQuery(key: string) {
  return useQuery({ ...partnerQueryOptions(key), initialData: embeddedPartner, initialDataUpdatedAt: 0 });
}
