import type { Config } from '../config.ts';

/**
 * The platform's own host names (decision 050). They come from configuration only, never from a
 * request: `PLATFORM_DOMAINS`, else the host of `PUBLIC_URL` (its `{subdomain}.` placeholder
 * removed), and `localhost` always, so the embedded setup's `*.localhost` hosts are the platform's.
 * A host under one of them names a partner by its subdomain label; no partner may claim one.
 */
export function platformDomainsOf(config: Pick<Config, 'PLATFORM_DOMAINS' | 'PUBLIC_URL'>): string[] {
  const domains = [...(config.PLATFORM_DOMAINS ?? [])];
  if (domains.length === 0 && config.PUBLIC_URL) {
    try {
      const host = new URL(config.PUBLIC_URL.replace('{subdomain}.', '')).hostname.toLowerCase();
      if (host && !isAddress(host)) domains.push(host.replace(/\.$/, ''));
    } catch {
      // A PUBLIC_URL that is no URL names no platform host; links built from it fail on their own.
    }
  }
  if (!domains.includes('localhost')) domains.push('localhost');
  // Longest first: a host is matched against the most specific platform domain.
  return [...new Set(domains)].sort((a, b) => b.length - a.length);
}

/** The primary platform domain: the one partners' subdomain hosts and CNAME targets are shown under. */
export function primaryPlatformDomain(
  domains: readonly string[],
  config: Pick<Config, 'PLATFORM_DOMAINS' | 'PUBLIC_URL'>,
) {
  return (
    config.PLATFORM_DOMAINS?.[0] ??
    domains.find((d) => d !== 'localhost' && !d.endsWith('.localhost')) ??
    'localhost'
  );
}

/** An IPv4 or IPv6 address (not a name). */
export function isAddress(host: string): boolean {
  return /^\d+(\.\d+){3}$/.test(host) || host.includes(':');
}

/** The platform domain a host is, or is under (`demo.kinship.org` -> `kinship.org`), or null. */
export function platformDomainOf(host: string, domains: readonly string[]): string | null {
  return domains.find((d) => host === d || host.endsWith(`.${d}`)) ?? null;
}

/**
 * Top-level names that never belong to a partner: special-use names (RFC 6761, 6762, 7686, 9476),
 * private-use names and names that resolve only inside a network. `.example` and `.test` stay
 * usable, as they are meant for documentation and tests.
 */
const RESERVED_TOP_LEVEL = [
  'localhost',
  'invalid',
  'local',
  'localdomain',
  'arpa',
  'onion',
  'internal',
  'alt',
  'lan',
  'home',
  'corp',
];

/** A name no partner may claim as its own domain, whatever the platform's configuration. */
export function isReservedHost(host: string): boolean {
  if (isAddress(host) || !host.includes('.')) return true;
  return RESERVED_TOP_LEVEL.includes(host.slice(host.lastIndexOf('.') + 1));
}
