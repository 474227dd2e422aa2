import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An empty variable counts as unset. */
const unset = (v: unknown) => (v === '' ? undefined : v);

/** Every setting has an embedded default, so a fresh clone runs with no environment at all. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: embedded PGlite under DATA_DIR/db. Set: PostgreSQL through node-postgres. */
  DATABASE_URL: z.string().optional(),
  /** Connections each process keeps to PostgreSQL (plus one listening for partner changes). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  /** Subdomain of the partner served on a bare host (localhost, an IP) when no ?partner= is given. */
  DEFAULT_PARTNER: z.string().default('demo'),
  /** Seed the demo partners when the database has no partners. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Public origin used in links sent by email; the request host is used when unset. */
  PUBLIC_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).default('kinship-embedded-default-secret-change-me-in-production'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kinship <no-reply@kinship.localhost>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The platform's Connect client id (ca_...), for the partner onboarding link. */
  STRIPE_CLIENT_ID: z.string().optional(),
  /** Test-only: point the Stripe SDK at a local double of the API (e.g. 127.0.0.1, a port, http). */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** OpenID Connect sign-in (Auth0, Keycloak, Entra ID, ...): on when a discovery URL and a client id are set. */
  OIDC_PROVIDER_ID: z.preprocess(
    unset,
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .default('oidc'),
  ),
  /** The sign-in button reads "Continue with {OIDC_NAME}". */
  OIDC_NAME: z.preprocess(unset, z.string().max(60).default('single sign-on')),
  OIDC_DISCOVERY_URL: z.preprocess(unset, z.url().optional()),
  OIDC_CLIENT_ID: z.preprocess(unset, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(unset, z.string().optional()),
  OIDC_SCOPES: z.preprocess(unset, z.string().default('openid email profile')),
  /**
   * Card-testing protection (see platform/payment-limits.ts): payment attempts per client address
   * and per email in 10 minutes, failed payments per address and per email in an hour, and the
   * failures on one partner's donation form in 10 minutes that turn on its strict mode.
   */
  PAYMENT_ATTEMPT_LIMIT: z.coerce.number().int().min(1).default(10),
  PAYMENT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  PAYMENT_FORM_BURST_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Run the background worker (mail, renewals, hold expiry, order reconciliation) in this process. */
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Seconds a worker holds an outbox message it is delivering; a message whose worker died is
   * delivered again (once) after this. A delivery is given up after half of it.
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** The wait before a failed mail is retried, doubled for each later attempt. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Seconds a checkout or donation may stay pending before the worker treats its request as dead
   * and settles the order (start-up and the orders.reconcile job).
   */
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86400).default(120),
  WEB_DIST: z.string().default(path.resolve(process.cwd(), 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
