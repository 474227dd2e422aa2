import fs from 'node:fs';
import path from 'node:path';
import { plainTextToHtml } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, type Database } from '../src/db/client.ts';
import { sanitizeRichText } from '../src/platform/rich-text.ts';
import { openTestDatabase } from './test-database.ts';

// The migration bio-html (decision 061) on the suite's database: PGlite by default, PostgreSQL 15
// when DATABASE_URL is set (test-database.ts). Bios stored as plain text become the HTML the
// import writes today (plainTextToHtml), character for character; HTML bios and NULL stay.

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tag = journal.entries.find((e) => e.tag.endsWith('_bio-html'))?.tag;
const statements = () =>
  fs
    .readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

const PLAIN = [
  'Ana loves maths.',
  'Ana & "Bo" <3 school > home.',
  'First line\nsecond line\r\nthird line\rfourth',
  'One paragraph.\n\nAnother one.\n \t \n\n\nA third, after blank lines with spaces.',
  '  Leading and trailing spaces and lines  \n\n',
  'Spaces around a break   \n   are dropped\t\n\tand tabs too',
  "Already escaped &amp; stays text, it's <b>not</b> markup",
  'Accents: Zoë, São Tomé, 東京, emoji 🎒',
  '\n \n\t\n',
  '',
];
const HTML = ['<p>Kept <strong>as is</strong></p>', '  <p>HTML after spaces</p>'];

let database: Database;
let ids: number[];

async function bios(): Promise<Map<number, string | null>> {
  const result = (await database.db.execute(
    sql`SELECT id, bio FROM sponsoreds WHERE id = ANY(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)})`,
  )) as unknown as { rows: { id: number; bio: string | null }[] };
  return new Map(result.rows.map((r) => [r.id, r.bio]));
}

async function migrate() {
  for (const statement of statements()) await database.db.execute(sql.raw(statement));
}

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 2 });
  const result = (await database.db.execute(
    sql`SELECT id FROM sponsoreds ORDER BY id LIMIT ${PLAIN.length + HTML.length + 1}`,
  )) as unknown as { rows: { id: number }[] };
  ids = result.rows.map((r) => r.id);
  const values = [...PLAIN, ...HTML, null];
  for (const [i, id] of ids.entries())
    await database.db.execute(sql`UPDATE sponsoreds SET bio = ${values[i]} WHERE id = ${id}`);
});

afterAll(() => database?.close());

describe('migration bio-html', () => {
  it('is a migration of the journal', () => {
    expect(tag).toMatch(/^\d{4}_bio-html$/);
    expect(statements().length).toBeGreaterThan(0);
  });

  it('turns plain-text bios into the HTML the import writes, and leaves HTML and NULL alone', async () => {
    await migrate();
    const after = await bios();
    PLAIN.forEach((text, i) => {
      expect(after.get(ids[i]!), JSON.stringify(text)).toBe(plainTextToHtml(text));
    });
    HTML.forEach((html, i) => expect(after.get(ids[PLAIN.length + i]!)).toBe(html));
    expect(after.get(ids.at(-1)!)).toBeNull();
    // What it wrote is what the sanitiser keeps: the editor saving it again changes nothing.
    for (const bio of after.values())
      if (bio !== null && !bio.startsWith(' ')) expect(sanitizeRichText(bio)).toBe(bio);
  });

  it('changes nothing when it runs again', async () => {
    const once = await bios();
    await migrate();
    expect(await bios()).toEqual(once);
  });

  it('leaves no plain-text bio in the seeded database', async () => {
    const result = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM sponsoreds WHERE bio IS NOT NULL AND bio !~ '^\\s*<'`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(0);
  });
});
