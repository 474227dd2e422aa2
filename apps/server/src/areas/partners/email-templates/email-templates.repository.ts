import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/types.ts';
import { emailTemplates, partnerFeatures } from '../../../db/schema/index.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** A partner's templates in one locale. */
export async function findTemplates(
  db: Queryable,
  partnersId: number,
  locale: string,
): Promise<EmailTemplateRow[]> {
  return db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.partnersId, partnersId), eq(emailTemplates.locale, locale)));
}

/** A partner's template of one kind in each of `locales` it has one for. */
export async function findTemplateVersions(
  db: Queryable,
  partnersId: number,
  kind: string,
  locales: string[],
): Promise<EmailTemplateRow[]> {
  return db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.partnersId, partnersId),
        eq(emailTemplates.kind, kind),
        inArray(emailTemplates.locale, locales),
      ),
    );
}

export async function findTemplate(
  db: Queryable,
  partnersId: number,
  kind: string,
  locale: string,
): Promise<EmailTemplateRow | null> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.partnersId, partnersId),
        eq(emailTemplates.kind, kind),
        eq(emailTemplates.locale, locale),
      ),
    );
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
  row: { partnersId: number; kind: string; locale: string; subject: string; body: string },
): Promise<void> {
  await db
    .insert(emailTemplates)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [emailTemplates.partnersId, emailTemplates.kind, emailTemplates.locale],
      set: { subject: row.subject, body: row.body, updatedAt: new Date() },
    });
}

export async function deleteTemplate(
  db: Queryable,
  partnersId: number,
  kind: string,
  locale: string,
): Promise<boolean> {
  const deleted = await db
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.partnersId, partnersId),
        eq(emailTemplates.kind, kind),
        eq(emailTemplates.locale, locale),
      ),
    )
    .returning({ kind: emailTemplates.kind });
  return deleted.length > 0;
}
