import type { FastifyRequest } from 'fastify';
import type { PartnerRow } from '../db/types.ts';
import type { Config } from '../config.ts';
import { badRequest, notFound } from './errors.ts';
import { isAddress, platformDomainOf, platformDomainsOf } from './platform-domains.ts';

/**
 * Where the tenant's partner is looked up: the partners module's cache (`partnerCacheOf(db)`), handed
 * in by the caller, since platform code imports no module.
 */
export interface PartnerLookup {
  /** The partner whose subdomain is this label. */
  bySubdomain(subdomain: string): Promise<{ row: PartnerRow } | null>;
  /** The partner holding this verified own domain. */
  byOwnDomain(domain: string): Promise<{ row: PartnerRow } | null>;
  byKey(key: string): Promise<{ row: PartnerRow } | null>;
}

/** What tenant resolution needs from the configuration. */
export interface TenantSettings {
  /** The partner of a bare host when no `partnersId` or `?partner=` is given (DEFAULT_PARTNER). */
  defaultPartner: string;
  /** The platform's own host names, longest first (`platformDomainsOf(config)`). */
  platformDomains: readonly string[];
}

export function tenantSettingsOf(
  config: Pick<Config, 'DEFAULT_PARTNER' | 'PLATFORM_DOMAINS' | 'PUBLIC_URL'>,
): TenantSettings {
  return { defaultPartner: config.DEFAULT_PARTNER, platformDomains: platformDomainsOf(config) };
}

export const UNKNOWN_PARTNER_MESSAGE = 'No partner site is found at this address.';

/**
 * How a host names its partner (decision 050): a platform domain itself, an address or no host is
 * bare; a host one label under a platform domain names a partner by that label only (a claimed
 * domain never outranks it); a host outside the platform domains is a partner's own domain; a
 * deeper host under a platform domain names nobody.
 */
export type HostName =
  | { kind: 'bare' }
  | { kind: 'subdomain'; subdomain: string }
  | { kind: 'own'; domain: string }
  | { kind: 'none' };

export function parseHost(hostHeader: string | undefined, platformDomains: readonly string[]): HostName {
  const host = (hostHeader ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (!host || isAddress(host)) return { kind: 'bare' };
  const platform = platformDomainOf(host, platformDomains);
  if (platform === host) return { kind: 'bare' };
  if (platform) {
    const label = host.slice(0, -(platform.length + 1));
    return label && !label.includes('.') ? { kind: 'subdomain', subdomain: label } : { kind: 'none' };
  }
  return { kind: 'own', domain: host };
}

/**
 * The tenant of a request. It comes from the host: a subdomain of a platform domain or a partner's
 * verified own domain; on a bare host
 * (localhost, an address) from `?partner=` or the API's `partnersId`, else the configured default.
 * It never comes from a request body. When the host names a partner, a `partnersId` naming another
 * partner is refused.
 */
export async function resolveTenant(
  partners: PartnerLookup,
  request: FastifyRequest,
  settings: TenantSettings,
): Promise<PartnerRow> {
  // request.host honours X-Forwarded-Host only when the server is configured to trust its proxy.
  return resolveTenantOf(partners, request.host, (request.query ?? {}) as Record<string, unknown>, settings);
}

/** The same resolution from a host and a query (for callers holding a web Request, such as better-auth's). */
export async function resolveTenantOf(
  partners: PartnerLookup,
  host: string | undefined,
  query: Record<string, unknown>,
  settings: TenantSettings,
): Promise<PartnerRow> {
  const named = parseHost(host, settings.platformDomains);
  const partnersIdParam = typeof query.partnersId === 'string' ? query.partnersId : undefined;
  if (partnersIdParam !== undefined && !/^\d+$/.test(partnersIdParam)) {
    throw badRequest('partnersId must be a whole number.');
  }
  if (named.kind !== 'bare') {
    const partner =
      named.kind === 'subdomain'
        ? (await partners.bySubdomain(named.subdomain))?.row
        : named.kind === 'own'
          ? (await partners.byOwnDomain(named.domain))?.row
          : undefined;
    if (!partner) throw notFound(UNKNOWN_PARTNER_MESSAGE);
    if (partnersIdParam !== undefined && Number(partnersIdParam) !== partner.id) {
      throw badRequest('partnersId does not match this site.');
    }
    return partner;
  }
  const partnerParam = typeof query.partner === 'string' ? query.partner : undefined;
  const key = partnersIdParam ?? partnerParam ?? settings.defaultPartner;
  const partner = (await partners.byKey(key))?.row;
  if (!partner) throw notFound(UNKNOWN_PARTNER_MESSAGE);
  return partner;
}
