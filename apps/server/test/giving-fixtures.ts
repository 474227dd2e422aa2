import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { sponsoreds, userSponsoreds } from '../src/db/schema/index.ts';
import { DEMO_IDS } from '../src/seed/demo.ts';

type TypeKey = keyof typeof DEMO_IDS.types.demo;

/** Demo plans in cents per month, as seeded. */
export const DEMO_MONTHLY = {
  students: 3900,
  teachers: 5000,
  staff: 4500,
  classes: 2500,
  initiatives: 1500,
} as const;

const SPONSORED_TYPE_IDS: Record<TypeKey, number> = {
  students: 1,
  teachers: 2,
  staff: 3,
  classes: 5,
  initiatives: 4,
};

/** A fresh active record of the demo partner with the slots a test needs. */
export async function insertRecord(
  database: Database,
  options: {
    type?: TypeKey;
    maxSlots: number;
    slotsFilled?: number;
    partner?: 'demo' | 'maple';
    monthlyAmount?: number;
  },
): Promise<number> {
  const type = options.type ?? 'teachers';
  const maple = options.partner === 'maple';
  const types: Partial<Record<TypeKey, number>> = maple ? DEMO_IDS.types.maple : DEMO_IDS.types.demo;
  const [row] = await database.db
    .insert(sponsoreds)
    .values({
      partnersId: maple ? DEMO_IDS.partners.maple : DEMO_IDS.partners.demo,
      partnerSponsoredTypesId: types[type]!,
      sponsoredTypesId: SPONSORED_TYPE_IDS[type],
      entitiesId: maple ? DEMO_IDS.mapleEntity : DEMO_IDS.programAdminEntity,
      code: `T-${randomBytes(5).toString('hex')}`,
      firstName: type === 'classes' || type === 'initiatives' ? null : 'Testa',
      lastName: 'Record',
      title: type === 'classes' || type === 'initiatives' ? 'Test Class' : 'Math Teacher',
      maxSlots: options.maxSlots,
      slotsFilled: options.slotsFilled ?? 0,
      monthlyAmount: options.monthlyAmount ?? null,
    })
    .returning({ id: sponsoreds.id });
  return row!.id;
}

export async function slotsFilledOf(database: Database, sponsoredsId: number): Promise<number> {
  const [row] = await database.db
    .select({ n: sponsoreds.slotsFilled })
    .from(sponsoreds)
    .where(eq(sponsoreds.id, sponsoredsId));
  return row!.n;
}

export async function activeSponsorshipsOf(database: Database, sponsoredsId: number) {
  return database.db
    .select()
    .from(userSponsoreds)
    .where(and(eq(userSponsoreds.sponsoredsId, sponsoredsId), isNull(userSponsoreds.dateEnded)));
}

/** Rows of a table matching a raw condition (tests read the database as it is). */
export async function countWhere(database: Database, table: string, where: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

export async function rowsWhere<T = Record<string, unknown>>(
  database: Database,
  table: string,
  where: string,
): Promise<T[]> {
  const result = await database.db.execute(sql.raw(`SELECT * FROM ${table} WHERE ${where} ORDER BY 1`));
  return (result as unknown as { rows: T[] }).rows;
}

/** A checkout line as the web sends it. */
export function line(
  sponsoredsId: number,
  numSlots: number,
  options: { type?: TypeKey; conversion?: boolean; usersId?: number; partner?: 'demo' | 'maple' } = {},
) {
  const type = options.type ?? 'teachers';
  const types: Partial<Record<TypeKey, number>> =
    options.partner === 'maple' ? DEMO_IDS.types.maple : DEMO_IDS.types.demo;
  return {
    usersId: String(options.usersId ?? 0),
    sponsoredsId,
    numSlots,
    amount: DEMO_MONTHLY[type] * numSlots,
    isManualSponsorshipConversion: options.conversion ?? false,
    partnerSponsoredTypesId: types[type]!,
  };
}

let addressCounter = 0;
/** A client address of its own per call, so the card-testing limits of one test never touch another's. */
export function freshAddress(): Record<string, string> {
  addressCounter += 1;
  return {
    'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  };
}
