import http from 'node:http';

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

/**
 * Real HTTP against the listening server with any Host header (Node's fetch drops Host, and
 * *.localhost does not resolve inside Node), and a cookie jar per client: one client is one browser.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly port: number,
    readonly host: string = 'demo.localhost',
  ) {}

  withHost(host: string): TestClient {
    const other = new TestClient(this.port, host);
    other.cookies = new Map(this.cookies);
    return other;
  }

  /** Puts a cookie in the jar as a browser would after a Set-Cookie (e.g. a session made directly in the database). */
  setCookie(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    /** Sent as it is instead of `body` as JSON (with the content type given in `headers`). */
    raw?: string | Buffer,
  ): Promise<TestResponse> {
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const hostHeader = `${this.host}:${this.port}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          headers: {
            host: hostHeader,
            origin: `http://${hostHeader}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const eq = pair!.indexOf('=');
              const name = pair!.slice(0, eq).trim();
              const value = pair!.slice(eq + 1).trim();
              if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
              else this.cookies.set(name, value);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text,
              json: <T>() => JSON.parse(text) as T,
            });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }

  async signIn(email: string, password: string): Promise<TestResponse> {
    const res = await this.post('/api/auth/sign-in/email', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${res.text}`);
    return res;
  }
}
