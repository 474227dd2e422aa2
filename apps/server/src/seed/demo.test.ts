import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { authUser } from '../db/schema/index.ts';
import { localStorage } from '../platform/storage.ts';
import type { Storage } from '../platform/storage.ts';
import { DEMO_ACCOUNTS, DEMO_IDS, seedDemo } from './demo.ts';
import type { SeedDeps } from './demo.ts';

let database: Database;
let storageRoot: string;
let storage: Storage;
let deps: SeedDeps;
let seedMs = 0;
const logins: string[] = [];

async function query<T>(statement: SQL): Promise<T[]> {
  const result = (await database.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(statement: SQL): Promise<number> {
  const [row] = await query<{ n: number }>(statement);
  return Number(row?.n);
}

beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  storageRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'kinship-seed-'));
  storage = localStorage(storageRoot);
  deps = {
    storage,
    async createLogin(email, _password, name) {
      const id = `auth-${logins.length + 1}`;
      await database.db.insert(authUser).values({ id, name, email, emailVerified: true });
      logins.push(email);
      return id;
    },
  };
  const started = performance.now();
  const result = await seedDemo(database.db, deps);
  seedMs = performance.now() - started;
  expect(result).toEqual({ seeded: true });
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (storageRoot) await fs.rm(storageRoot, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('runs quickly and creates every demo login', () => {
    console.log(`seedDemo took ${Math.round(seedMs)} ms`);
    expect(seedMs).toBeLessThan(15_000);
    expect(logins).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
  });

  it('writes partners 1 to 4 and moves the serial sequence past them', async () => {
    const rows = await query<{ id: number; subdomain: string }>(
      sql`SELECT id, subdomain FROM partners ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 1, subdomain: 'kinship' },
      { id: 2, subdomain: 'demo' },
      { id: 3, subdomain: 'maple' },
      { id: 4, subdomain: 'private' },
    ]);
    const [next] = await query<{ id: number }>(
      sql`INSERT INTO partners (subdomain, name) VALUES ('probe', 'Probe') RETURNING id`,
    );
    expect(next?.id).toBe(5);
    await database.db.execute(sql`DELETE FROM partners WHERE subdomain = 'probe'`);
  });

  it('writes at least 300 sponsored records across partners 2 to 4', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM sponsoreds`)).toBeGreaterThanOrEqual(300);
    const perPartner = await query<{ partners_id: number; n: number }>(
      sql`SELECT partners_id, count(*)::int AS n FROM sponsoreds GROUP BY partners_id ORDER BY partners_id`,
    );
    expect(perPartner.map((r) => r.partners_id)).toEqual([2, 3, 4]);
    const statuses = await query<{ status: string }>(
      sql`SELECT DISTINCT status FROM sponsoreds ORDER BY status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['active', 'archived', 'inactive', 'reserved']);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM sponsoreds WHERE profile_image_path IS NULL`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`SELECT count(DISTINCT sponsoreds_id)::int AS n FROM updates`),
    ).toBeGreaterThanOrEqual(60);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM sponsoreds WHERE slots_filled = max_slots AND status = 'active'`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM sponsoreds WHERE slots_filled > 0 AND slots_filled < max_slots`,
      ),
    ).toBeGreaterThan(0);
  });

  it('writes programs with coordinates in several countries', async () => {
    const [row] = await query<{ n: number; countries: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT countries_id)::int AS countries
          FROM entities WHERE latitude IS NOT NULL AND longitude IS NOT NULL`,
    );
    expect(row?.n).toBeGreaterThanOrEqual(6);
    expect(row?.countries).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM countries WHERE description IS NOT NULL AND image_url IS NOT NULL`,
      ),
    ).toBeGreaterThanOrEqual(3);
  });

  it('keeps slots_filled equal to the active sponsorships of every record', async () => {
    const mismatches = await query<{ id: number }>(
      sql`SELECT s.id FROM sponsoreds s
          LEFT JOIN (SELECT sponsoreds_id, sum(num_slots)::int AS n FROM user_sponsoreds
                     WHERE date_ended IS NULL GROUP BY sponsoreds_id) a ON a.sponsoreds_id = s.id
          WHERE s.slots_filled <> coalesce(a.n, 0)`,
    );
    expect(mismatches).toEqual([]);
    // Every sponsorship stays inside its record's partner.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id
            WHERE s.partners_id <> us.partners_id`,
      ),
    ).toBe(0);
  });

  it('gives partners 2 to 4 at least four types, each with a current plan of two intervals', async () => {
    const rows = await query<{ partners_id: number; types: number }>(
      sql`SELECT pst.partners_id, count(*)::int AS types FROM partner_sponsored_types pst
          WHERE (SELECT count(*) FROM sponsored_type_plans p
                 JOIN sponsored_type_plan_intervals i ON i.sponsored_type_plans_id = p.id
                 WHERE p.partner_sponsored_types_id = pst.id AND p.current) = 2
          GROUP BY pst.partners_id ORDER BY pst.partners_id`,
    );
    expect(rows.map((r) => r.partners_id)).toEqual([2, 3, 4]);
    for (const row of rows) expect(row.types).toBeGreaterThanOrEqual(4);
    const types = await query<{ partners_id: number; identifier: string; id: number }>(
      sql`SELECT partners_id, identifier, id FROM partner_sponsored_types ORDER BY id`,
    );
    const byPartner = (partnersId: number) =>
      Object.fromEntries(types.filter((t) => t.partners_id === partnersId).map((t) => [t.identifier, t.id]));
    expect(byPartner(2)).toEqual(DEMO_IDS.types.demo);
    expect(byPartner(3)).toEqual(DEMO_IDS.types.maple);
    expect(byPartner(4)).toEqual(DEMO_IDS.types.private);
  });

  it('writes global filter types with static options', async () => {
    const rows = await query<{ sponsored_types_id: number; filter_field: string; options: number }>(
      sql`SELECT ft.sponsored_types_id, ft.filter_field, count(fo.id)::int AS options
          FROM filter_types ft LEFT JOIN filter_options fo ON fo.filter_types_id = ft.id
          GROUP BY ft.id ORDER BY ft.sponsored_types_id, ft.sort_order`,
    );
    const student = rows.filter((r) => r.sponsored_types_id === 1);
    expect(student.map((r) => [r.filter_field, r.options])).toEqual([
      ['ageBand', 5],
      ['gender', 2],
      ['gradesId', 0],
      ['birthMonth', 12],
      ['entitiesId', 0],
    ]);
    expect(rows.filter((r) => r.sponsored_types_id === 4).map((r) => r.filter_field)).toEqual(['entitiesId']);
  });

  it('matches the notable rows in DEMO_IDS', async () => {
    const sponsorships = await query<{
      sponsoreds_id: number;
      num_slots: number;
      ended: boolean;
      masked: boolean;
    }>(
      sql`SELECT us.sponsoreds_id, us.num_slots, us.date_ended IS NOT NULL AS ended, s.masked
          FROM user_sponsoreds us JOIN users u ON u.id = us.users_id JOIN sponsoreds s ON s.id = us.sponsoreds_id
          WHERE u.email = 'sponsor@demo.example.org' ORDER BY us.sponsoreds_id`,
    );
    const active = sponsorships.filter((s) => !s.ended);
    expect(active.length).toBeGreaterThanOrEqual(3);
    expect(active.find((s) => s.sponsoreds_id === DEMO_IDS.maskedSponsoredOfSponsor)?.masked).toBe(true);
    expect(active.find((s) => s.sponsoreds_id === DEMO_IDS.sponsoredOfSponsorTeacher)?.num_slots).toBe(2);
    expect(sponsorships.filter((s) => s.ended).map((s) => s.sponsoreds_id)).toEqual([
      DEMO_IDS.endedSponsoredOfSponsor,
    ]);

    const [open] = await query<{
      masked: boolean;
      partners_id: number;
      entities_id: number;
      slots_filled: number;
    }>(
      sql`SELECT masked, partners_id, entities_id, slots_filled FROM sponsoreds WHERE id = ${DEMO_IDS.maskedNotSponsored}`,
    );
    expect(open).toEqual({
      masked: true,
      partners_id: 2,
      entities_id: DEMO_IDS.programAdminEntity,
      slots_filled: 0,
    });
    for (const id of [DEMO_IDS.maskedNotSponsored, DEMO_IDS.maskedNotSponsoredOtherEntity]) {
      expect(
        await count(sql`SELECT count(*)::int AS n FROM sponsored_images WHERE sponsoreds_id = ${id}`),
      ).toBeGreaterThan(0);
      expect(
        await count(sql`SELECT count(*)::int AS n FROM updates WHERE sponsoreds_id = ${id}`),
      ).toBeGreaterThan(0);
    }

    const [full] = await query<{ full: boolean; status: string }>(
      sql`SELECT slots_filled = max_slots AS full, status FROM sponsoreds WHERE id = ${DEMO_IDS.fullySponsored}`,
    );
    expect(full).toEqual({ full: true, status: 'active' });

    const scope = await query<{ email: string; roles: number[]; entities: number[] }>(
      sql`SELECT u.email,
                 array(SELECT roles_id FROM partner_user_roles r WHERE r.partner_users_id = pu.id ORDER BY 1) AS roles,
                 array(SELECT entities_id FROM partner_user_entities e WHERE e.partner_users_id = pu.id ORDER BY 1) AS entities
          FROM partner_users pu JOIN users u ON u.id = pu.users_id WHERE pu.partners_id = 2 ORDER BY u.email`,
    );
    expect(scope).toEqual([
      { email: 'donor-care@demo.example.org', roles: [6], entities: [] },
      { email: 'management@demo.example.org', roles: [4], entities: [DEMO_IDS.programAdminEntity] },
      { email: 'messages@demo.example.org', roles: [5], entities: [] },
      { email: 'partner-admin@demo.example.org', roles: [2], entities: [] },
      { email: 'program-admin@demo.example.org', roles: [2, 3], entities: [DEMO_IDS.programAdminEntity] },
      { email: 'reporting@demo.example.org', roles: [3], entities: [] },
    ]);
    const [other] = await query<{ partners_id: number }>(
      sql`SELECT partners_id FROM entities WHERE id = ${DEMO_IDS.otherDemoEntity}`,
    );
    expect(other?.partners_id).toBe(2);
  });

  it('writes the images the rows point to', async () => {
    const keys = await query<{ key: string }>(
      sql`(SELECT header_image AS key FROM partners) UNION ALL (SELECT logo FROM partners)
          UNION ALL (SELECT image_url FROM entities) UNION ALL (SELECT image_url FROM countries WHERE image_url IS NOT NULL)
          UNION ALL (SELECT profile_image_path FROM sponsoreds WHERE profile_image_path IS NOT NULL AND id % 7 = 0)
          UNION ALL (SELECT image_path FROM sponsored_images WHERE id % 9 = 0)`,
    );
    expect(keys.length).toBeGreaterThan(50);
    for (const { key } of keys) expect(await storage.exists(key), key).toBe(true);
    const profile = await storage.get(`sponsoreds/${DEMO_IDS.maskedNotSponsored}/profile.webp`);
    const meta = await sharp(profile!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
    const header = await sharp((await storage.get('partners/2/header.webp'))!.data).metadata();
    expect([header.width, header.height]).toEqual([1600, 600]);
  });

  it('does nothing when partners already exist', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM sponsoreds`);
    expect(await seedDemo(database.db, deps)).toEqual({ seeded: false });
    expect(await count(sql`SELECT count(*)::int AS n FROM sponsoreds`)).toBe(before);
    expect(logins).toHaveLength(DEMO_ACCOUNTS.length);
  });
});
