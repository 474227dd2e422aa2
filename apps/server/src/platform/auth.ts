import {
  ERROR_CODE_HEADER,
  ERRORS,
  isSafeReturnPath,
  RETURN_PATH_MESSAGE,
  statusOfError,
  type ErrorCode,
  type Locale,
} from '@kinship/domain';
import { betterAuth } from 'better-auth';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  authAccount,
  authRateLimit,
  authSession,
  authUser,
  authVerification,
  users,
} from '../db/schema/index.ts';
import { localeOfRecipient, localeOfRequest } from './locale.ts';
import {
  authSiteOf,
  type AuthSite,
  failedSignInsMessage,
  RESET_LINK_HOURS,
  resetPasswordLink,
  resetPasswordMessage,
  VERIFICATION_LINK_HOURS,
  verificationLink,
  verificationMessage,
} from './messaging/auth-mail.ts';
import {
  ACCOUNT_THROTTLED_MESSAGE,
  addressThrottledMessage,
  claimFailedSignInAlert,
  clearAccountSignInAttempts,
  clearSignInAttempts,
  countAddressSignInAttempt,
  countSignInAttempt,
  signInDelayMs,
  SIGN_IN_WINDOW_SECONDS,
  throttleKeyOf,
  type SignInDelay,
} from './login-throttle.ts';
import { translateAuthBody } from './error-messages.ts';
import type { RequestLocale } from './errors.ts';
import type { Mailer } from './messaging/mail.ts';
import { servedOverHttps, siteOriginOf } from './https.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
} from './password.ts';
import { platformDomainsOf } from './platform-domains.ts';
import { resolveTenant, tenantSettingsOf, type PartnerLookup } from './tenant.ts';

/** One OpenID Connect provider (Auth0, Keycloak, Entra ID, ...), found through its discovery document. */
export interface OidcSettings {
  providerId: string;
  /** The button label: "Continue with {name}". */
  name: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
  scopes: string[];
}

/** The OpenID Connect provider of the configuration: on only when a discovery URL and a client id are set. */
export function oidcSettingsOf(config: Config): OidcSettings | null {
  if (!config.OIDC_DISCOVERY_URL || !config.OIDC_CLIENT_ID) return null;
  return {
    providerId: config.OIDC_PROVIDER_ID,
    name: config.OIDC_NAME,
    discoveryUrl: config.OIDC_DISCOVERY_URL,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
  };
}

export interface AuthOptions {
  db: Db;
  /** Finds the partner of a request's host (the partners module's cache, `partnerCacheOf(db)`). */
  partners: PartnerLookup;
  secret: string;
  /** Hosts the app answers on; partner subdomains of localhost are always allowed. */
  extraHosts?: string[];
  /** Turn off better-auth's own limiter (the throttling tests turn it on explicitly). */
  rateLimit?: boolean;
  /**
   * Sends the verification and password-reset mail. Without one (the test template's seed) no
   * mail is sent; sign-ups made on the server with no request (the seed) are never mailed.
   */
  mailer?: Mailer | undefined;
  /** The partner of a bare host (localhost, an address), as in config.DEFAULT_PARTNER. */
  defaultPartner?: string;
  /** The platform's own host names (platformDomainsOf(config)); default: localhost. */
  platformDomains?: readonly string[];
  oidc?: OidcSettings | null;
  /** PUBLIC_URL: when https, every request counts as served over HTTPS (secure cookies). */
  publicUrl?: string | undefined;
  /** The growing delay before checking the password of an account under attack (tests shorten it). */
  signInDelay?: SignInDelay;
}

/** The settings of createAuth that come from the configuration. */
export function authSettingsOf(config: Config) {
  return {
    secret: config.AUTH_SECRET,
    defaultPartner: config.DEFAULT_PARTNER,
    platformDomains: platformDomainsOf(config),
    oidc: oidcSettingsOf(config),
    publicUrl: config.PUBLIC_URL,
  };
}

/**
 * Sign-ins one address may make a minute, right or wrong (better-auth's limiter): at least 100
 * successful ones, for a school lab or an office behind one address (decision 051).
 */
export const SIGN_INS_PER_ADDRESS_PER_MINUTE = 300;

/** The client address better-auth's limiter and session records read; set only by registerAuthRoutes. */
const CLIENT_IP_HEADER = 'x-kinship-client-ip';

/** The body field holding the new password, per better-auth route that sets one. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** The page an auth call names to return to (`callbackURL` of the body or the link), if any. */
function returnPathOf(body: unknown, query: unknown): unknown {
  const fromBody = (body as Record<string, unknown> | undefined)?.callbackURL;
  if (fromBody !== undefined) return fromBody;
  return (query as Record<string, unknown> | undefined)?.callbackURL;
}

/** Sign-in routes after which the session a browser already carried is revoked. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/callback/:id']);

/**
 * better-auth, twice over the same database and secret: one instance for pages served over plain
 * http (localhost in development) and one for HTTPS, whose cookies are `Secure` and named with the
 * `__Secure-` prefix (better-auth fixes both per instance). `authFor` picks one per request
 * (decision 014).
 */
export function createAuth(options: AuthOptions) {
  return {
    plain: createAuthInstance(options, false),
    secure: createAuthInstance(options, true),
    publicUrl: options.publicUrl,
    partners: options.partners,
  };
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthInstance = Auth['plain'];

/** The better-auth instance for this request: the secure one when the site is served over HTTPS. */
export function authFor(auth: Auth, request: FastifyRequest): AuthInstance {
  return servedOverHttps(request, { PUBLIC_URL: auth.publicUrl }) ? auth.secure : auth.plain;
}

/** Set-Cookie values that make the browser forget this request's session cookies. */
export async function expiredSessionCookies(auth: Auth, request: FastifyRequest): Promise<string[]> {
  const secure = servedOverHttps(request, { PUBLIC_URL: auth.publicUrl });
  const { authCookies } = await authFor(auth, request).$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
    (cookie) => `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** A person's saved language (users.locale) by their account's address, or null. */
async function savedLocaleByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.authUserId))
    .where(eq(authUser.email, email.toLowerCase()))
    .limit(1);
  return row?.locale ?? null;
}

/**
 * The language of a mail the person asked for on the site (verification, password reset;
 * decision 073): their saved preference, else the language the site is showing them (the language
 * switch's cookie, Accept-Language), else the partner's default.
 */
async function authMailLocale(db: Db, site: AuthSite, authUserId: string, request: Request): Promise<Locale> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.authUserId, authUserId))
    .limit(1);
  const headers = {
    cookie: request.headers.get('cookie') ?? undefined,
    'accept-language': request.headers.get('accept-language') ?? undefined,
  };
  return row?.locale
    ? localeOfRecipient(site.partner, row.locale)
    : localeOfRequest({ headers }, site.partner, null);
}

function createAuthInstance(
  {
    db,
    secret,
    extraHosts = [],
    rateLimit = true,
    mailer,
    partners,
    defaultPartner = 'demo',
    platformDomains = ['localhost'],
    oidc = null,
    signInDelay,
  }: AuthOptions,
  secureCookies: boolean,
) {
  const siteOptions = { defaultPartner, platformDomains };
  /** Tells the account's owner of repeated failures, at most once a window; never fails the sign-in. */
  const alertOwner = async (email: string, request: Request | undefined) => {
    const failures = await claimFailedSignInAlert(db, email);
    if (failures === null || !mailer || !request) return;
    const site = await authSiteOf(partners, request, siteOptions);
    if (!site) return;
    // The owner's saved language, else the partner's default: never the request's, which may be
    // anyone's (decision 073).
    const locale = localeOfRecipient(site.partner, await savedLocaleByEmail(db, email));
    await mailer.send(failedSignInsMessage(site, email, failures, SIGN_IN_WINDOW_SECONDS / 60, locale));
  };
  return betterAuth({
    appName: 'Kinship',
    secret,
    basePath: '/api/auth',
    baseURL: {
      allowedHosts: [
        'localhost',
        'localhost:*',
        '*.localhost',
        '*.localhost:*',
        '127.0.0.1:*',
        ...extraHosts,
      ],
      protocol: 'auto',
      // Used by server-side calls with no request (the seed creating demo logins).
      fallback: 'http://localhost:3000',
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        rateLimit: authRateLimit,
      },
    }),
    // Only the page's own origin may call state-changing auth routes (cross-site request protection).
    // The request's URL carries the site's own scheme and host (registerAuthRoutes): an https
    // Origin on an http site, or the reverse, is another origin.
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      // Sign-up sends a verification mail; signing in waits for the link to be opened.
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }, request) {
        if (!mailer || !request) return;
        const site = await authSiteOf(partners, request, siteOptions);
        if (!site) return;
        const locale = await authMailLocale(db, site, user.id, request);
        await mailer.send(
          resetPasswordMessage(site, user.email, resetPasswordLink(token, site.origin), locale),
        );
      },
      // Whoever can read the mailbox may sign in again at once.
      async onPasswordReset({ user }) {
        await clearAccountSignInAttempts(db, user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      async sendVerificationEmail({ user, url }, request) {
        if (!mailer || !request) return;
        const site = await authSiteOf(partners, request, siteOptions);
        if (!site) return;
        const locale = await authMailLocale(db, site, user.id, request);
        await mailer.send(verificationMessage(site, user.email, verificationLink(url, site.origin), locale));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: rateLimit,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: {
        // Reading one's own session is never limited: a 429 there made the web app sign people out.
        '/get-session': false,
        // Guessing is stopped by the failure counts per account and per address (decision 051);
        // this only caps a flood, far above an office's morning behind one address.
        '/sign-in/email': { window: 60, max: SIGN_INS_PER_ADDRESS_PER_MINUTE },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    hooks: {
      // Per account and address: counted before the password is checked (decision 015).
      before: createAuthMiddleware(async (ctx) => {
        // Where a link or sign-in returns to is a page of this site, never another (decision 054).
        const returnTo = returnPathOf(ctx.body, ctx.query);
        if (returnTo !== undefined && !isSafeReturnPath(returnTo))
          throw new APIError('BAD_REQUEST', { message: RETURN_PATH_MESSAGE, code: 'INVALID_CALLBACK_URL' });
        // A new password (sign-up, reset, change) must not be a common one.
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (field) {
          const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
          if (typeof password === 'string' && isCommonPassword(password))
            throw new APIError('BAD_REQUEST', {
              message: COMMON_PASSWORD_MESSAGE,
              code: 'PASSWORD_TOO_COMMON',
            });
          return;
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = throttleKeyOf(ctx.body);
        if (!email) return;
        const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? '';
        // An address failing on many accounts is guessing: it waits, whatever the account (decision 051).
        const fromAddress = await countAddressSignInAttempt(db, address);
        if (fromAddress.throttled) {
          throw new APIError(
            'TOO_MANY_REQUESTS',
            {
              message: addressThrottledMessage(fromAddress.retryAfterSeconds),
              code: 'ADDRESS_THROTTLED',
            },
            { 'Retry-After': String(fromAddress.retryAfterSeconds) },
          );
        }
        const { throttled, retryAfterSeconds, accountFailures } = await countSignInAttempt(
          db,
          email,
          address,
        );
        if (throttled) {
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { message: ACCOUNT_THROTTLED_MESSAGE, code: 'ACCOUNT_THROTTLED' },
            { 'Retry-After': String(retryAfterSeconds) },
          );
        }
        // An account guessed at from elsewhere is slowed down, never locked for this address.
        const wait = signInDelayMs(accountFailures, signInDelay);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!SIGN_IN_PATHS.has(ctx.path)) return;
        const returned = ctx.context.returned;
        if (ctx.path === '/sign-in/email') {
          const email = throttleKeyOf(ctx.body);
          // The right password clears the count, even when the email is not verified yet.
          const passwordAccepted =
            !isAPIError(returned) ||
            (returned.body as { code?: string } | undefined)?.code === 'EMAIL_NOT_VERIFIED';
          if (email && passwordAccepted)
            await clearSignInAttempts(db, email, ctx.headers?.get(CLIENT_IP_HEADER) ?? '');
          const wrongPassword =
            isAPIError(returned) &&
            (returned.body as { code?: string } | undefined)?.code === 'INVALID_EMAIL_OR_PASSWORD';
          // The mail goes out in the background: the answer takes as long whether the account exists or not.
          if (email && wrongPassword)
            void alertOwner(email, ctx.request).catch((error: unknown) =>
              console.error('could not send the failed sign-in alert', error),
            );
        }
        // A new session replaces the one this browser carried before: the old token stops working.
        const fresh = ctx.context.newSession?.session.token;
        if (!fresh) return;
        const previous = await ctx.getSignedCookie(
          ctx.context.authCookies.sessionToken.name,
          ctx.context.secret,
        );
        if (previous && previous !== fresh) await ctx.context.internalAdapter.deleteSession(previous);
      }),
    },
    plugins: oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: oidc.providerId,
                name: oidc.name,
                discoveryUrl: oidc.discoveryUrl,
                clientId: oidc.clientId,
                clientSecret: oidc.clientSecret,
                scopes: oidc.scopes,
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    advanced: {
      cookiePrefix: 'kinship',
      useSecureCookies: secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/** The signed-in auth user of a request, or null. */
export async function sessionOf(auth: Auth, request: FastifyRequest) {
  const session = await authFor(auth, request).api.getSession({ headers: toHeaders(request) });
  return session ?? null;
}

/**
 * Mounts better-auth's standard routes (/api/auth/sign-up/email, sign-in/email, get-session,
 * sign-out, verify-email, request-password-reset, reset-password, sign-in/social,
 * callback/{providerId}, ...) for the hosts that name a partner. The host and client address
 * better-auth sees are Fastify's (X-Forwarded-* count only when TRUST_PROXY is on), so a client
 * cannot pick its own address to slip past the per-address limit.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: { localeOf?: RequestLocale } = {},
): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      await resolveTenant(auth.partners, request, tenantSettingsOf(app.deps.config));
      const url = new URL(request.url, siteOriginOf(request, { PUBLIC_URL: auth.publicUrl }));
      const headers = toHeaders(request);
      headers.set('host', request.host);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const response = await authFor(auth, request).handler(
        new Request(url, {
          method: request.method,
          headers,
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      });
      // better-auth's per-address limiter names its wait X-Retry-After; browsers and clients read Retry-After.
      const retryAfter = response.headers.get('x-retry-after');
      if (response.status === 429 && retryAfter && !response.headers.has('retry-after'))
        reply.header('retry-after', retryAfter);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400) {
        const code = authErrorCodeOf(response.status, text);
        if (code) reply.header(ERROR_CODE_HEADER, code);
        // Sign-in and sign-up refusals in the request's language (decision 070); en-US as they are.
        const locale = text && options.localeOf ? await options.localeOf(request).catch(() => null) : null;
        if (locale && locale !== 'en-US') return reply.send(translateAuthBody(locale, text));
      }
      return reply.send(text || null);
    },
  });
}

/** The auth library's codes a client branches on, named as Kinship's (decision 065). */
const AUTH_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  INVALID_TOKEN: ERRORS.TOKEN_INVALID,
  USER_ALREADY_EXISTS: ERRORS.EMAIL_TAKEN,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ERRORS.EMAIL_TAKEN,
  PASSWORD_TOO_COMMON: ERRORS.PASSWORD_TOO_COMMON,
};

/**
 * The `x-error-code` of an auth library answer: its JSON body's `code` named as Kinship's, when the
 * answer's status is the one that code has in the map (else the status's code, added on send).
 */
export function authErrorCodeOf(status: number, body: string): ErrorCode | null {
  let raw: unknown;
  try {
    raw = (JSON.parse(body) as { code?: unknown } | null)?.code;
  } catch {
    return null;
  }
  const code =
    typeof raw === 'string' && Object.hasOwn(AUTH_ERROR_CODES, raw) ? AUTH_ERROR_CODES[raw]! : null;
  return code && statusOfError(code) === status ? code : null;
}
