import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/types.ts';
import { emailTemplates, partnerFeatures } from '../../../db/schema/index.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export async function findTemplates(db: Queryable, partnersId: number): Promise<EmailTemplateRow[]> {
  return db.select().from(emailTemplates).where(eq(emailTemplates.partnersId, partnersId));
}

export async function findTemplate(
  db: Queryable,
  partnersId: number,
  kind: string,
): Promise<EmailTemplateRow | null> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.partnersId, partnersId), eq(emailTemplates.kind, kind)));
  return row ?? null;
}

export async function hasFeature(db: Queryable, partnersId: number, featuresId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerFeatures.featuresId })
    .from(partnerFeatures)
    .where(and(eq(partnerFeatures.partnersId, partnersId), eq(partnerFeatures.featuresId, featuresId)));
  return Boolean(row);
}

export async function upsertTemplate(
  db: Queryable,
  row: { partnersId: number; kind: string; subject: string; body: string },
): Promise<void> {
  await db
    .insert(emailTemplates)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [emailTemplates.partnersId, emailTemplates.kind],
      set: { subject: row.subject, body: row.body, updatedAt: new Date() },
    });
}

export async function deleteTemplate(db: Queryable, partnersId: number, kind: string): Promise<boolean> {
  const deleted = await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.partnersId, partnersId), eq(emailTemplates.kind, kind)))
    .returning({ kind: emailTemplates.kind });
  return deleted.length > 0;
}
