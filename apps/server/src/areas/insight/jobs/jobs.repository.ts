import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { jobProgress } from '../../../db/schema/index.ts';

export async function findJobProgress(db: Db, partnersId: number, id: string) {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(and(eq(jobProgress.id, id), eq(jobProgress.partnersId, partnersId)));
  return row ?? null;
}
