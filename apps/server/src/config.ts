import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';

/** The names of address ranges Fastify's trustProxy (proxy-addr) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

export const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must name the reverse proxies in front of the server: their addresses or ranges, ' +
  'comma-separated (for example TRUST_PROXY=10.0.0.5, TRUST_PROXY=10.0.0.0/8,192.168.1.1, or ' +
  'TRUST_PROXY=loopback for a proxy on the same machine); TRUST_PROXY=false (or unset) when ' +
  'clients reach the server directly. "true" and hop counts are refused: they would trust the ' +
  'X-Forwarded-For entries a client writes itself (decision 051).';

/** An address or CIDR range (IPv4 or IPv6), or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (unset, empty, `false`, `0`), or the proxies whose X-Forwarded-* headers count,
 * as addresses, CIDR ranges or proxy-addr's names (Fastify's trustProxy). The client address is
 * then the one the last trusted proxy saw: a client's own left-most X-Forwarded-For entries count
 * for nothing (decision 051).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | string[] => {
    const text = value?.trim().toLowerCase() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

/** An empty variable counts as unset. */
const unset = (v: unknown) => (v === '' ? undefined : v);

export const MIN_SECRET_LENGTH = 32;
/** Secrets that were once embedded defaults, so anyone can read them: never accepted. */
const PUBLIC_SECRETS = ['kinship-embedded-default-secret-change-me-in-production'];
/** The file under DATA_DIR holding the installation's generated secret (PGlite only). */
export const SECRET_FILE = 'auth-secret';

export const MISSING_SECRET_MESSAGE =
  'AUTH_SECRET must be set when DATABASE_URL is set: every server process of the installation must ' +
  'share it. Generate one with `openssl rand -base64 48` and set it in the environment of each process.';

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
  /**
   * The platform's own host names, comma-separated (`kinship.org,giving.example`): a host under one
   * of them names a partner by its subdomain, and no partner may claim one as its own domain.
   * Unset: the host of PUBLIC_URL (without a `{subdomain}.` placeholder); `localhost` always counts.
   */
  PLATFORM_DOMAINS: z.preprocess(
    unset,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
          .filter(Boolean),
      )
      .refine(
        (list) =>
          list.every((d) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(d)),
        'list host names separated by commas, such as kinship.org,giving.example',
      )
      .optional(),
  ),
  /**
   * The DNS servers that own-domain verification asks for TXT records, comma-separated
   * (`1.1.1.1,8.8.8.8`, `127.0.0.1:5353`). Unset: the system's resolvers.
   */
  DNS_SERVERS: z.preprocess(
    unset,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      )
      .refine(
        (list) =>
          list.every((d) =>
            /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i.test(d),
          ),
        'list server addresses separated by commas, such as 1.1.1.1,127.0.0.1:5353',
      )
      .optional(),
  ),
  /**
   * Signs session cookies, onboarding states and verification tokens; the sandbox's webhook secret
   * is derived from it. Unset: a random secret kept in DATA_DIR/auth-secret (PGlite only; with
   * DATABASE_URL it must be set, so every process of the installation shares it). Decision 013.
   */
  AUTH_SECRET: z.preprocess(
    unset,
    z
      .string()
      .min(MIN_SECRET_LENGTH, `AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`)
      .refine((v) => !PUBLIC_SECRETS.includes(v), 'AUTH_SECRET is a published example value; choose your own')
      .optional(),
  ),
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
  /**
   * Where pictures are stored: unset for the folder DATA_DIR/media, `file:///a/folder`, or
   * `s3://bucket/optional/prefix` for any S3-compatible store (the S3_* settings below).
   */
  STORAGE_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^(file|s3):\/\/./, 'must start with file:// or s3://')
      .optional(),
  ),
  /** The S3-compatible service's address (MinIO, R2, ...); unset for AWS itself. */
  S3_ENDPOINT: z.preprocess(unset, z.url().optional()),
  S3_REGION: z.preprocess(unset, z.string().default('us-east-1')),
  /** Unset: the AWS SDK's own credential chain (AWS_ACCESS_KEY_ID, an instance role, ...). */
  S3_ACCESS_KEY_ID: z.preprocess(unset, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(unset, z.string().optional()),
  /** Path-style addresses (endpoint/bucket/key); default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .preprocess(unset, z.enum(['true', 'false']).optional())
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  WEB_DIST: z.string().default(path.resolve(process.cwd(), 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The reverse proxies whose X-Forwarded-* headers count (decision 051); false: none. */
  TRUST_PROXY: trustProxy,
});

export type Config = Omit<z.infer<typeof configSchema>, 'AUTH_SECRET'> & { AUTH_SECRET: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const { AUTH_SECRET, ...rest } = parsed.data;
  if (AUTH_SECRET) return { ...rest, AUTH_SECRET };
  if (rest.DATABASE_URL) throw new Error(`Invalid configuration: ${MISSING_SECRET_MESSAGE}`);
  return { ...rest, AUTH_SECRET: installationSecret(rest.DATA_DIR) };
}

/**
 * The embedded installation's secret: read from DATA_DIR/auth-secret, or made on first start (48
 * random bytes, base64url, file mode 0600). Linked into place whole, so two processes starting
 * together agree on one secret; every later start reuses it, so sessions survive a restart.
 */
export function installationSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole to a private file, then linked into place (fails if another process won).
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  // Written by hand or by an older umask: only this user may read it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(
      `Invalid configuration: ${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; ` +
        'delete it to have a new one made (signed-in people will have to sign in again).',
    );
  return secret;
}
