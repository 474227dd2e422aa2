import type { Locale, PartnerPublic } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../../../db/client.ts';
import {
  findPartnerByKey,
  findPartnerByOwnDomain,
  findPartnerBySubdomain,
  loadPartnerChildren,
  type PartnerChildren,
  type PartnerRow,
} from './partners.repository.ts';

/**
 * The partner and its configuration, cached in the process (decision 018): every public read needs
 * them, and they change only when staff change them. A write that changes a partner, its domains,
 * settings, features, integrations, programs, sponsored types, plans or filters calls
 * `invalidatePartnerCache(db, partnersId)` after its transaction commits: this process forgets at
 * once, and the other processes on the same PostgreSQL database hear it through `NOTIFY` on
 * `PARTNER_CACHE_CHANNEL`. An entry also expires after `PARTNER_CACHE_TTL_MS` as a backstop for
 * changes made outside the app (psql), and everything is forgotten when the listener reconnects.
 */
export const PARTNER_CACHE_CHANNEL = 'kinship_partner_cache';
export const PARTNER_CACHE_TTL_MS = 60_000;
/** Host and key spellings remembered (a host's other labels are free text, so the map is bounded). */
const MAX_LOOKUPS = 10_000;

export interface CachedPartner {
  row: PartnerRow;
  children: PartnerChildren;
  /** The public partner model (GET partners/{id}) as stored (the default locale's texts), built once per entry. */
  view?: PartnerPublic;
  /** The same model read in another locale (decision 072), built once per entry and locale. */
  localized?: Map<Locale, PartnerPublic>;
  /** When this entry was read from the database (ms), for Last-Modified and the TTL. */
  loadedAt: number;
}

export class PartnerCache {
  private readonly entries = new Map<number, Promise<CachedPartner | null>>();
  private readonly lookups = new Map<string, Promise<number | null>>();
  /** Bumped on every invalidation: a load that started before it is not stored. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The partner of a platform host's subdomain label. */
  async bySubdomain(subdomain: string): Promise<CachedPartner | null> {
    return this.lookup(
      `subdomain:${subdomain.toLowerCase()}`,
      async () => (await findPartnerBySubdomain(this.db, subdomain))?.id,
    );
  }

  /** The partner of a verified own domain. */
  async byOwnDomain(domain: string): Promise<CachedPartner | null> {
    return this.lookup(
      `domain:${domain.toLowerCase()}`,
      async () => (await findPartnerByOwnDomain(this.db, domain))?.id,
    );
  }

  /** The partner of a route key: a whole-number id or a subdomain. */
  async byKey(key: string): Promise<CachedPartner | null> {
    return this.lookup(`key:${key.toLowerCase()}`, async () => (await findPartnerByKey(this.db, key))?.id);
  }

  async byId(id: number): Promise<CachedPartner | null> {
    const held = this.entries.get(id);
    if (held) {
      const entry = await held;
      if (!entry || this.now() - entry.loadedAt < PARTNER_CACHE_TTL_MS) return entry;
      if (this.entries.get(id) === held) this.entries.delete(id);
    }
    return this.load(id);
  }

  /** Forgets one partner (and every host spelling, since a domain may have moved), or everything. */
  invalidate(partnersId?: number): void {
    this.generation += 1;
    this.lookups.clear();
    if (partnersId === undefined) this.entries.clear();
    else this.entries.delete(partnersId);
  }

  private async lookup(
    spelling: string,
    find: () => Promise<number | undefined>,
  ): Promise<CachedPartner | null> {
    let id = this.lookups.get(spelling);
    if (!id) {
      const generation = this.generation;
      id = find().then((found) => found ?? null);
      // Unknown spellings are not remembered: a partner created later must be found at once.
      void id.then(
        (found) => {
          if (found === null || generation !== this.generation) this.lookups.delete(spelling);
        },
        () => this.lookups.delete(spelling),
      );
      if (this.lookups.size >= MAX_LOOKUPS) this.lookups.clear();
      this.lookups.set(spelling, id);
    }
    const found = await id;
    return found === null ? null : this.byId(found);
  }

  private load(id: number): Promise<CachedPartner | null> {
    const generation = this.generation;
    const loading = (async (): Promise<CachedPartner | null> => {
      const [row, children] = await Promise.all([
        findPartnerByKey(this.db, String(id)),
        loadPartnerChildren(this.db, [id]),
      ]);
      return row ? { row, children, loadedAt: this.now() } : null;
    })();
    this.entries.set(id, loading);
    void loading.then(
      (entry) => {
        if ((!entry || generation !== this.generation) && this.entries.get(id) === loading)
          this.entries.delete(id);
      },
      () => {
        if (this.entries.get(id) === loading) this.entries.delete(id);
      },
    );
    return loading;
  }
}

const caches = new WeakMap<Db, PartnerCache>();

/** The cache of one database (tests run several apps over several databases in one process). */
export function partnerCacheOf(db: Db): PartnerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PartnerCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call after a committed change to a partner's configuration (partner row, domains, settings,
 * features, integrations, programs, sponsored types, plans, filters); omit the id when many
 * partners changed. The next request in any process reads the new configuration.
 */
export async function invalidatePartnerCache(db: Db, partnersId?: number): Promise<void> {
  partnerCacheOf(db).invalidate(partnersId);
  await db.execute(
    sql`select pg_notify(${PARTNER_CACHE_CHANNEL}, ${partnersId === undefined ? '*' : String(partnersId)})`,
  );
}

/**
 * On PostgreSQL, listens for other processes' invalidations on a connection of its own (PGlite is
 * one process, so its invalidations are all local). Answers a function that stops listening.
 */
export async function listenForPartnerChanges(
  database: Database,
  log: { warn(o: object, m: string): void } = { warn: () => undefined },
): Promise<() => Promise<void>> {
  const connectionString = database.pool?.options.connectionString;
  if (database.kind !== 'postgres' || !connectionString) return async () => undefined;
  const cache = partnerCacheOf(database.db);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const id = message.payload && /^\d+$/.test(message.payload) ? Number(message.payload) : undefined;
      cache.invalidate(id);
    });
    next.on('error', (error) => {
      // A notice may have been missed while the connection was down: forget everything.
      cache.invalidate();
      log.warn({ err: error }, 'partner cache listener lost its connection; reconnecting');
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${PARTNER_CACHE_CHANNEL}`);
    cache.invalidate();
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
