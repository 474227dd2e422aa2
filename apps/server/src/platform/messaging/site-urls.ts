import type { Config } from '../../config.ts';

export type SiteUrlConfig = Pick<Config, 'PUBLIC_URL' | 'PORT'>;

const fromEnvironment = (): SiteUrlConfig => ({
  PUBLIC_URL: process.env.PUBLIC_URL || undefined,
  PORT: Number(process.env.PORT) || 3000,
});

const isBareHost = (hostname: string) =>
  hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':');

/**
 * The origin of a partner's own site, for links sent by email (no request to take a host from).
 * Without PUBLIC_URL: http://{subdomain}.localhost:{PORT}, which browsers resolve to this machine.
 * With PUBLIC_URL: its `{subdomain}` placeholder is filled in (https://{subdomain}.example.org);
 * otherwise the partner's subdomain is put in front of its host (https://kinship.example ->
 * https://demo.kinship.example), unless the host already starts with it. On a bare host
 * (localhost, an address) the origin stays as it is and links name the partner in `?partner=`.
 */
export function partnerSiteUrl(
  partner: { subdomain: string },
  pathname: string,
  config: SiteUrlConfig = fromEnvironment(),
): string {
  if (!config.PUBLIC_URL) return `http://${partner.subdomain}.localhost:${config.PORT}${pathname}`;
  const templated = config.PUBLIC_URL.replace('{subdomain}', partner.subdomain);
  const url = new URL(templated);
  const base = url.pathname.replace(/\/$/, '');
  if (config.PUBLIC_URL.includes('{subdomain}')) return `${url.origin}${base}${pathname}`;
  if (isBareHost(url.hostname)) {
    return `${url.origin}${base}${pathname}?partner=${encodeURIComponent(partner.subdomain)}`;
  }
  if (!url.hostname.startsWith(`${partner.subdomain}.`))
    url.hostname = `${partner.subdomain}.${url.hostname}`;
  return `${url.origin}${base}${pathname}`;
}
