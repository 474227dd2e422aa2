import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestPerson {
  sub: string;
  email: string;
  name: string;
}

export interface OidcTestProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  port: number;
  /** Authorization requests as the provider received them (path and query). */
  authorizationRequests: URLSearchParams[];
  /** Registers the relying party's redirect URIs (known once the app listens) and starts answering. */
  start(redirectUris: string[]): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for one test file. Its login page is
 * a minimal one written here: GET /interaction/{uid} shows a form; POST /interaction/{uid}/login
 * with { login } signs that person in; consent is granted for the asked scopes on the next visit.
 * PKCE is required of every client.
 */
export async function startOidcTestProvider(people: TestPerson[]): Promise<OidcTestProvider> {
  const authorizationRequests: URLSearchParams[] = [];
  let provider: Provider | null = null;
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));

  const server = http.createServer((req, res) => {
    void started.then(() => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'kinship-test';
  const clientSecret = 'kinship-test-client-secret-0123456789';

  /** The login form's body: JSON from a test's client, or the urlencoded post of the HTML form in a browser. */
  async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    if (String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(text));
    }
    return JSON.parse(text) as Record<string, unknown>;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const p = provider!;
    const url = new URL(req.url ?? '/', issuer);
    try {
      if (url.pathname === '/auth') authorizationRequests.push(url.searchParams);
      const login = /^\/interaction\/([^/]+)\/login$/.exec(url.pathname);
      if (login && req.method === 'POST') {
        const body = await readBody(req);
        const person = people.find((x) => x.sub === body.login);
        if (!person) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown login');
          return;
        }
        await p.interactionFinished(
          req,
          res,
          { login: { accountId: person.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (/^\/interaction\/[^/]+$/.test(url.pathname) && req.method === 'GET') {
        const details = await p.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              `<!doctype html><title>Test identity provider</title><form method="post" action="/interaction/${details.uid}/login"><label>Login <input name="login"></label><button>Sign in</button></form>`,
            );
          return;
        }
        // Consent: this test provider grants what the client asked for.
        const grant = new p.Grant({
          accountId: details.session!.accountId,
          clientId: details.params.client_id,
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
      p.callback()(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  }

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    port,
    authorizationRequests,
    start(redirectUris) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        pkce: { methods: ['S256'], required: () => true },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        interactions: {
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        cookies: { keys: ['kinship-oidc-test-cookie-key'] },
        async findAccount(_ctx: unknown, sub: string) {
          const person = people.find((x) => x.sub === sub);
          if (!person) return undefined;
          return {
            accountId: sub,
            claims: async () => ({ sub, email: person.email, email_verified: true, name: person.name }),
          };
        },
      });
      ready();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
