import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from './platform/validation.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { JOB_DEFINITIONS } from './job-definitions.ts';
import { EVENT_SUBSCRIBERS } from './event-subscribers.ts';
import { localeOfRequest } from './platform/locale.ts';
import { installEventBus } from './platform/events.ts';
import { listenForPartnerChanges, partnerCacheOf } from './areas/partners/site/partner-cache.ts';
import { partnerViewOf } from './areas/partners/site/partners.service.ts';
import { featureOfPage, hasFeature } from '@kinship/domain';
import { trackRequestsInFlight } from './platform/give-way.ts';
import type { SiteContext } from './platform/site-context.ts';
import { MAX_PICTURE_BYTES, MAX_PICTURES_PER_UPLOAD } from './platform/uploads.ts';
import { WEBHOOK_PATH } from './areas/giving/webhooks/webhooks.routes.ts';
import { partnersAreaRoutes } from './areas/partners/routes.ts';
import { recordsAreaRoutes } from './areas/records/routes.ts';
import { sponsorshipsAreaRoutes } from './areas/sponsorships/routes.ts';
import { givingAreaRoutes } from './areas/giving/routes.ts';
import { peopleAreaRoutes } from './areas/people/routes.ts';
import { insightAreaRoutes } from './areas/insight/routes.ts';
import { authSettingsOf, createAuth, registerAuthRoutes, sessionOf, type Auth } from './platform/auth.ts';
import { registerCrossSiteProtection } from './platform/csrf.ts';
import { frameworkErrorHandler, HttpError, registerErrorHandling } from './platform/errors.ts';
import { registerTransportSecurity } from './platform/https.ts';
import { registerJsonBodyLimit } from './platform/json-body.ts';
import { createJobQueue, type JobQueue } from './platform/jobs.ts';
import { createMailer, type Mailer } from './platform/messaging/mail.ts';
import type { PaymentGateway } from './platform/payments/gateway.ts';
import { createGateway } from './platform/payments/index.ts';
import type { Storage } from './platform/storage.ts';
import {
  brandedShell,
  CONTENT_SECURITY_POLICY,
  createRoutePreloads,
  embeddedPartnerScript,
  headerImagePreload,
  siteIcon,
} from './platform/web-shell.ts';
import { mayCarrySession, registerPublicCaching } from './platform/public-answers.ts';
import { resolveTenant, tenantSettingsOf, UNKNOWN_PARTNER_MESSAGE } from './platform/tenant.ts';
import { loadViewer, type RequestViewer } from './platform/viewer.ts';

export interface AppDeps {
  database: Database;
  db: Db;
  config: Config;
  storage: Storage;
  auth: Auth;
  /** Outgoing mail: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
  mailer: Mailer;
  /** Stripe when STRIPE_SECRET_KEY is set, else the embedded sandbox gateway. */
  gateway: PaymentGateway;
  /** The job queue (pg-boss): modules send their typed jobs through it; the worker runs them. */
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route with its method (HEAD aside), as registered: the access-matrix test must list each. */
    routeList: readonly { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The partner of this request's host and the signed-in viewer, loaded once per request. */
    siteContext(): Promise<SiteContext>;
    viewer(): Promise<RequestViewer | null>;
  }
}

const CONTEXT = Symbol('siteContext');
const VIEWER = Symbol('viewer');
type Memo = { [CONTEXT]?: Promise<SiteContext>; [VIEWER]?: Promise<RequestViewer | null> };

export async function buildApp(
  options: Omit<AppDeps, 'auth' | 'db' | 'mailer' | 'gateway' | 'jobs'> & {
    auth?: Auth;
    mailer?: Mailer;
    gateway?: PaymentGateway;
    logger?: boolean;
  },
): Promise<FastifyInstance> {
  const { database, config, storage } = options;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      mailDir: path.join(config.DATA_DIR, 'mail'),
    });
  const auth =
    options.auth ??
    createAuth({ db: database.db, partners: partnerCacheOf(database.db), mailer, ...authSettingsOf(config) });
  const gateway = options.gateway ?? createGateway(config, { db: database.db });
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A long typed code reaches its route, which answers what is wrong with it, instead of the router
    // refusing the address; the router's own refusals get the site's answers (frameworkErrorHandler).
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorHandler,
    // Request ids name a request in the logs and the audit trail across processes and restarts; a
    // trusted proxy's x-request-id is kept.
    genReqId: () => randomUUID(),
    requestIdHeader: config.TRUST_PROXY !== false ? 'x-request-id' : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Long jobs give way while requests are in flight (platform/give-way.ts, decision 053).
  trackRequestsInFlight(app);
  app.setSerializerCompiler(serializerCompiler);
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  const jobs = createJobQueue({ database, config, storage, gateway, mailer, log: app.log }, JOB_DEFINITIONS);
  // The queue's tables and queues exist before any request can send a job inside a transaction.
  await jobs.ready();
  app.addHook('onClose', async () => jobs.stop());
  // Events are dispatched right after the transaction that emitted them commits (decision 063).
  const removeEventBus = installEventBus(database.db, {
    config,
    log: app.log,
    jobs,
    subscribers: EVENT_SUBSCRIBERS,
    leaseSeconds: config.OUTBOX_LEASE_SECONDS,
    retryBaseSeconds: config.OUTBOX_RETRY_SECONDS,
  });
  app.addHook('onClose', async () => removeEventBus());
  app.decorate('deps', { database, db: database.db, config, storage, auth, mailer, gateway, jobs });
  // Refusals answer in the request's language (decision 070); no partner, no translation.
  const localeOf = async (request: FastifyRequest) => {
    const { partner, viewer } = await request.siteContext();
    return localeOfRequest(request, partner, viewer);
  };
  registerErrorHandling(app, { localeOf });
  registerJsonBodyLimit(app);

  const stopListening = await listenForPartnerChanges(database, app.log);
  app.addHook('onClose', stopListening);

  app.decorateRequest('viewer', function (this: Memo & Parameters<typeof sessionOf>[1]) {
    // A request without a session cookie is anonymous: no session lookup at all.
    this[VIEWER] ??= !mayCarrySession(this.headers)
      ? Promise.resolve(null)
      : sessionOf(auth, this).then((session) =>
          session ? loadViewer(database.db, session.user.id, session.user.email) : null,
        );
    return this[VIEWER];
  });
  const tenantSettings = tenantSettingsOf(config);
  app.decorateRequest('siteContext', function (this: Memo & Parameters<typeof sessionOf>[1]) {
    this[CONTEXT] ??= Promise.all([
      resolveTenant(partnerCacheOf(database.db), this, tenantSettings),
      this.viewer(),
    ]).then(([partner, viewer]) => ({ partner, viewer, requestId: this.id, clientAddress: this.ip }));
    return this[CONTEXT];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    return payload;
  });

  registerTransportSecurity(app);
  registerPublicCaching(app);
  registerCrossSiteProtection(app, [WEBHOOK_PATH]);
  registerAuthRoutes(app, auth, { localeOf });
  // Uploads stream through busboy with these limits; a route may ask for tighter ones.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: MAX_PICTURES_PER_UPLOAD, fields: 20, fieldSize: 10_000 },
  });
  await app.register(partnersAreaRoutes);
  await app.register(recordsAreaRoutes);
  await app.register(sponsorshipsAreaRoutes);
  await app.register(givingAreaRoutes);
  await app.register(peopleAreaRoutes);
  await app.register(insightAreaRoutes);
  await registerWebApp(app, config.WEB_DIST);
  return app;
}

const FILE_PATH =
  /\.(ico|png|jpe?g|gif|svg|webp|avif|txt|xml|json|js|mjs|css|map|woff2?|ttf|php|env|html?)$/i;

/** Serves the built single-page app: real files as they are, every other page path as index.html. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts); sent when accepted.
    preCompressed: true,
    setHeaders(reply, file) {
      reply.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const html = fs.readFileSync(indexFile, 'utf8');
  const routePreloads = createRoutePreloads(webDist);
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // A missing file (/favicon.ico, /robots.txt, an old asset) is a 404, not the app shell: no page
    // path of the app ends in a file extension.
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/media/') || FILE_PATH.test(urlPath)) {
      throw new HttpError(404, `No route for ${request.method} ${urlPath}`);
    }
    // An unknown partner gets a plain 404 page rather than an empty app shell.
    let partner: SiteContext['partner'];
    let viewer: SiteContext['viewer'];
    try {
      ({ partner, viewer } = await request.siteContext());
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site not found</title></head>` +
              `<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto"><h1>Site not found</h1>` +
              `<p>${UNKNOWN_PARTNER_MESSAGE}</p></body></html>`,
          );
      }
      throw error;
    }
    // The page is in the visitor's language from its first byte (decisions 070, 072).
    const lang = localeOfRequest(request, partner, viewer);
    const view = await partnerViewOf(app.deps.db, partner, lang);
    // A page of a feature the partner has turned off: the app shows its not-found page, and the
    // address answers 404 as any unknown page should for crawlers and link checkers.
    const feature = featureOfPage(urlPath);
    return reply
      .code(feature !== null && !hasFeature(view, feature) ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('content-language', lang)
      .header('vary', 'accept-language, cookie')
      .send(
        brandedShell(
          html,
          partner,
          [
            routePreloads(urlPath),
            headerImagePreload(partner, urlPath),
            siteIcon(partner),
            embeddedPartnerScript(view),
          ],
          lang,
        ),
      );
  });
}
