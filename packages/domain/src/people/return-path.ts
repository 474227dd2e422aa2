/**
 * Where a person may be sent back to after signing up, verifying their address or signing in
 * (decision 054): a page of the site they are on, written as a path. Never another site: no scheme,
 * no `//host` or `/\host` (which browsers read as another host, also percent-encoded), no
 * whitespace or control characters, no API address, and at most RETURN_PATH_MAX characters.
 */
export const RETURN_PATH_MAX = 512;

export const RETURN_PATH_MESSAGE = 'The page to return to must be a page of this site.';

export function isSafeReturnPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return false;
  if (!value.startsWith('/')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (/^\/(\/|%2f|%5c)/i.test(value)) return false;
  const path = value.split(/[?#]/)[0]!;
  return path !== '/api' && !path.startsWith('/api/');
}
