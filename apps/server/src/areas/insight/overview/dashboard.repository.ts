import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { partners } from '../../../db/schema/index.ts';

/** Partners by id (every partner when `ids` is null), in id order: the switcher's names. */
export async function findPartnerNames(db: Db, ids: readonly number[] | null) {
  if (ids !== null && ids.length === 0) return [];
  return db
    .select({ id: partners.id, name: partners.name, subdomain: partners.subdomain })
    .from(partners)
    .where(ids === null ? undefined : inArray(partners.id, [...ids]))
    .orderBy(asc(partners.id));
}
