import type { AuthConfig } from '@kinship/domain';
import type { OidcSettings } from '../../../platform/auth.ts';
import type { SiteContext } from '../../../platform/site-context.ts';

/**
 * GET auth-config: email and password is always offered; an OpenID Connect provider when one is
 * configured. Asked on the partner's own site (an unknown host answers 404 before this).
 */
export function getAuthConfig(_ctx: SiteContext, oidc: OidcSettings | null): AuthConfig {
  return { emailPassword: true, oidc: oidc ? { providerId: oidc.providerId, name: oidc.name } : null };
}
