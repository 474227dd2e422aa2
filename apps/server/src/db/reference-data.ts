import { FEATURE_NAMES, GRADES, ROLE_NAMES, SPONSORED_TYPE_NAMES } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  countries,
  features,
  grades,
  partnerSettingTypes,
  paymentIntervals,
  roles,
  sponsoredTypes,
} from './schema/index.ts';

/** Countries the platform knows; ids 8 (Canada) and 10 (United States) carry tax rules. */
export const COUNTRIES = [
  { id: 1, name: 'Guatemala' },
  { id: 2, name: 'Kenya' },
  { id: 3, name: 'Uganda' },
  { id: 4, name: 'Haiti' },
  { id: 5, name: 'Philippines' },
  { id: 6, name: 'India' },
  { id: 7, name: 'Nepal' },
  { id: 8, name: 'Canada' },
  { id: 9, name: 'Peru' },
  { id: 10, name: 'United States' },
  { id: 11, name: 'Tanzania' },
  { id: 12, name: 'Honduras' },
];

const PARTNER_SETTING_TYPE_NAMES: Record<number, string> = {
  1: 'Auto birthday occasions',
  2: 'Custom label for the sponsor button',
  3: 'Custom label for program',
  4: 'Header logo redirects to the partner website',
  5: 'Landing page: how sponsorship works',
  6: 'Landing page: records waiting longest',
  7: 'Landing page: impact figures',
  8: 'Landing page: donate call',
};

const PAYMENT_INTERVAL_ROWS = [
  { id: 1, name: 'month', multiplier: 1 },
  { id: 2, name: 'year', multiplier: 12 },
];

function rows(names: Record<number, string>) {
  return Object.entries(names).map(([id, name]) => ({ id: Number(id), name }));
}

/** Idempotent: inserts missing reference rows and corrects names, never deletes. */
export async function writeReferenceData(db: Db): Promise<void> {
  await db
    .insert(grades)
    .values(Object.entries(GRADES).map(([id, description]) => ({ id: Number(id), description })))
    .onConflictDoUpdate({ target: grades.id, set: { description: sql`excluded.description` } });
  for (const [table, values] of [
    [sponsoredTypes, rows(SPONSORED_TYPE_NAMES)],
    [roles, rows(ROLE_NAMES)],
    [features, rows(FEATURE_NAMES)],
    [partnerSettingTypes, rows(PARTNER_SETTING_TYPE_NAMES)],
  ] as const) {
    await db
      .insert(table)
      .values(values)
      .onConflictDoUpdate({ target: table.id, set: { name: sql`excluded.name` } });
  }
  await db.insert(countries).values(COUNTRIES).onConflictDoNothing({ target: countries.id });
  await db.insert(paymentIntervals).values(PAYMENT_INTERVAL_ROWS).onConflictDoNothing();
}
