import { isSafeReturnPath } from '@kinship/domain';

/** Where /redirect sends a person after signing in: the page they were on when they chose Login. */
export const POST_LOGIN_TARGET_KEY = 'kinship.postLoginTarget';

const AUTH_PAGES = ['/login', '/signup', '/redirect'];

/** Only paths on this site count (never `//other.host` or a full URL): the server's rule, decision 054. */
export function isSafeTarget(target: string | null | undefined): target is string {
  return isSafeReturnPath(target);
}

export function rememberPostLoginTarget(pathAndSearch: string): void {
  const path = pathAndSearch.split('?')[0] ?? '';
  if (AUTH_PAGES.some((page) => path === page || path.startsWith(`${page}/`))) return;
  try {
    window.sessionStorage.setItem(POST_LOGIN_TARGET_KEY, pathAndSearch);
  } catch {
    // Storage disabled: the person lands on the home page.
  }
}

/** The remembered target, or '/' when there is none (or it is not a path on this site). */
export function peekPostLoginTarget(): string {
  let target: string | null = null;
  try {
    target = window.sessionStorage.getItem(POST_LOGIN_TARGET_KEY);
  } catch {
    target = null;
  }
  return isSafeTarget(target) ? target : '/';
}

export function forgetPostLoginTarget(): void {
  try {
    window.sessionStorage.removeItem(POST_LOGIN_TARGET_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * Where the sign-up's confirmation link returns (often in another tab, without this tab's
 * storage): the remembered page itself, else the login return address. Decision 054.
 */
export function verificationReturnPath(): string {
  const target = peekPostLoginTarget();
  return target === '/' ? '/redirect' : target;
}
