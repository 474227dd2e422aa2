import type { FastifyRequest } from 'fastify';
import type { PartnerRow } from '../db/types.ts';
import { badRequest, notFound } from './errors.ts';

/**
 * Where the tenant's partner is looked up: the partners module's cache (`partnerCacheOf(db)`), handed
 * in by the caller, since platform code imports no module.
 */
export interface PartnerLookup {
  byHost(domain: string, subdomain: string | null): Promise<{ row: PartnerRow } | null>;
  byKey(key: string): Promise<{ row: PartnerRow } | null>;
}

export const UNKNOWN_PARTNER_MESSAGE = 'No partner site is found at this address.';

/** How a host names its partner: a subdomain's first label, an exact partner domain, or nothing (bare host). */
export function parseHost(hostHeader: string | undefined): {
  domain: string;
  subdomain: string | null;
  bare: boolean;
} {
  const domain = (hostHeader ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const labels = domain.split('.').filter(Boolean);
  const isIp = /^\d+(\.\d+){3}$/.test(domain) || domain.includes(':');
  if (!domain || isIp || domain === 'localhost') return { domain, subdomain: null, bare: true };
  if (labels.at(-1) === 'localhost') return { domain, subdomain: labels[0] ?? null, bare: false };
  if (labels.length >= 3) return { domain, subdomain: labels[0] ?? null, bare: false };
  return { domain, subdomain: null, bare: false };
}

/**
 * The tenant of a request. It comes from the host: a partner domain or a subdomain; on a bare host
 * (localhost, an address) from `?partner=` or the API's `partnersId`, else the configured default.
 * It never comes from a request body. When the host names a partner, a `partnersId` naming another
 * partner is refused.
 */
export async function resolveTenant(
  partners: PartnerLookup,
  request: FastifyRequest,
  defaultPartner: string,
): Promise<PartnerRow> {
  // request.host honours X-Forwarded-Host only when the server is configured to trust its proxy.
  return resolveTenantOf(
    partners,
    request.host,
    (request.query ?? {}) as Record<string, unknown>,
    defaultPartner,
  );
}

/** The same resolution from a host and a query (for callers holding a web Request, such as better-auth's). */
export async function resolveTenantOf(
  partners: PartnerLookup,
  host: string | undefined,
  query: Record<string, unknown>,
  defaultPartner: string,
): Promise<PartnerRow> {
  const { domain, subdomain, bare } = parseHost(host);
  const partnersIdParam = typeof query.partnersId === 'string' ? query.partnersId : undefined;
  if (partnersIdParam !== undefined && !/^\d+$/.test(partnersIdParam)) {
    throw badRequest('partnersId must be a whole number.');
  }
  if (!bare) {
    const partner = (await partners.byHost(domain, subdomain))?.row;
    if (!partner) throw notFound(UNKNOWN_PARTNER_MESSAGE);
    if (partnersIdParam !== undefined && Number(partnersIdParam) !== partner.id) {
      throw badRequest('partnersId does not match this site.');
    }
    return partner;
  }
  const partnerParam = typeof query.partner === 'string' ? query.partner : undefined;
  const key = partnersIdParam ?? partnerParam ?? defaultPartner;
  const partner = (await partners.byKey(key))?.row;
  if (!partner) throw notFound(UNKNOWN_PARTNER_MESSAGE);
  return partner;
}
