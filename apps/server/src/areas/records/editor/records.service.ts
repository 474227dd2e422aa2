import { defineMessages } from '@formatjs/intl';
import {
  archiveMessage,
  canMoveRecord,
  GRADES,
  ERRORS,
  missingRequiredField,
  partnerLocales,
  statusOfError,
  storedTranslations,
  TRANSLATABLE_FIELDS,
  type RecordDetail,
  type RecordListQuery,
  type RecordRow,
  type RecordStatus,
  RECORD_LIMITS,
  recordInputSchema,
  type recordUpdateSchema,
  tooLongMessage,
} from '@kinship/domain';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import { translationsToStore } from '../../../platform/translations.ts';
import type { z } from 'zod';
import { eq, type SQL } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../../db/client.ts';
import { sponsoreds } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition, type AccessScope } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { fieldErrors, ProblemError, refuse } from '../../../platform/errors.ts';
import { findPartnerById, invalidatePartnerCache } from '../../partners/index.ts';
import { partnerEmail } from '../../partners/index.ts';
import { deleteStoredPicturesOf } from '../sponsoreds/sponsored-pictures.service.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import {
  activeSponsorsOf,
  sponsorsByIds,
  codeTaken,
  customValuesOf,
  findRecord,
  findType,
  type RecordFilters,
  type RecordType,
  funFactsOf,
  listConditions,
  listRecords,
  programExists,
  referencesTo,
  replaceFunFacts,
  writeCustomValues,
} from './records.repository.ts';
import { partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn } from '../../../platform/messages.ts';
import { emit, type EventPayload } from '../../../platform/events.ts';

// The dashboard's Records section (issue 12 items 1, 2, 7; decision 029). Every call checks
// records.view or records.manage first; a program-scoped person's lists are limited in the query
// and their reads and writes of another program's record answer 403. Every write is one
// transaction with its audit row, and invalidates the partner's cache so the public listing's
// cached count and profile follow at once.

type RecordInputValues = z.output<typeof recordInputSchema>;
type RecordUpdateValues = z.output<typeof recordUpdateSchema>;

export const RECORD_NOT_FOUND = (id: number) => `Sponsored record ${id} was not found.`;
export const TYPE_NOT_FOUND = 'This sponsored type does not exist for this partner.';
export const ARCHIVE_NEEDS_CONFIRMATION = ERRORS.ARCHIVE_NEEDS_CONFIRMATION;

const gradeName = (id: number | null) => (id === null ? null : (GRADES[id] ?? null));

/**
 * A partner's sponsored type as records are written to it (custom columns, max slots, masking):
 * the one lookup the editor and the bulk import share.
 */
export type { RecordFilters, RecordType };

/**
 * The condition the Records table filters by (type, the viewer's programs, search and every
 * filter), for another module that reads the same rows: the export streams exactly what the
 * table shows.
 */
export function recordFilterCondition(
  partnersId: number,
  partnerSponsoredTypesId: number,
  filters: RecordFilters,
  scope: AccessScope,
): SQL {
  return listConditions(
    partnersId,
    partnerSponsoredTypesId,
    filters,
    scopeCondition(scope, sponsoreds.entitiesId),
  );
}

export function findRecordType(
  db: Queryable,
  partnersId: number,
  id: number,
): Promise<RecordType | undefined> {
  return findType(db, partnersId, id);
}

export async function listRecordsOf(
  db: Db,
  ctx: SiteContext,
  partnerSponsoredTypesId: number,
  query: RecordListQuery,
): Promise<{ rows: RecordRow[]; total: number }> {
  const scope = requireAccess(ctx, 'records.view');
  const type = await findType(db, ctx.partner.id, partnerSponsoredTypesId);
  if (!type) throw refuse(ERRORS.TYPE_NOT_FOUND, TYPE_NOT_FOUND);
  const where = listConditions(ctx.partner.id, type.id, query, scopeCondition(scope, sponsoreds.entitiesId));
  const { rows, total } = await listRecords(db, type.id, where, query);
  // A type without custom columns shows none: no statement for their values.
  const values =
    type.customColumns.length > 0
      ? await customValuesOf(
          db,
          rows.map((r) => r.id),
        )
      : new Map<number, Record<string, string | null>>();
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      status: r.status as RecordStatus,
      grade: gradeName(r.gradesId),
      customColumnValues: pick(values.get(r.id) ?? {}, type.customColumns),
    })),
  };
}

function pick(values: Record<string, string | null>, columns: string[]): Record<string, string | null> {
  return Object.fromEntries(columns.map((c) => [c, values[c] ?? null]));
}

async function detailOf(db: Db | Tx, partnersId: number, id: number): Promise<RecordDetail | undefined> {
  const row = await findRecord(db, partnersId, id);
  if (!row) return undefined;
  const type = await findType(db, partnersId, row.partnerSponsoredTypesId);
  const [values, funFacts] = await Promise.all([customValuesOf(db, [id]), funFactsOf(db, id)]);
  return {
    ...row,
    translations: storedTranslations(row.translations),
    status: row.status as RecordStatus,
    grade: gradeName(row.gradesId),
    customColumnValues: pick(values.get(id) ?? {}, type?.customColumns ?? []),
    funFacts,
  };
}

export async function getRecord(db: Db, ctx: SiteContext, id: number): Promise<RecordDetail> {
  requireAccess(ctx, 'records.view');
  const record = await detailOf(db, ctx.partner.id, id);
  if (!record) throw refuse(ERRORS.RECORD_NOT_FOUND, RECORD_NOT_FOUND(id));
  requireAccess(ctx, 'records.view', { entitiesId: record.entitiesId });
  return record;
}

/**
 * The columns a write sets from the editor's values (bio sanitised, and held to its limit as
 * stored; its translations into the partner's other languages the same way, decision 072).
 */
function columnsOf(
  values: Partial<RecordInputValues>,
  partner: SiteContext['partner'],
  stored?: unknown,
): Partial<typeof sponsoreds.$inferInsert> {
  const set: Partial<typeof sponsoreds.$inferInsert> = {};
  const keys = [
    'partnerSponsoredTypesId',
    'entitiesId',
    'code',
    'firstName',
    'lastName',
    'title',
    'gender',
    'birthday',
    'showBirthday',
    'showAge',
    'showLastName',
    'gradesId',
    'homeroom',
    'monthlyAmount',
    'maxSlots',
    'masked',
    'status',
  ] as const;
  for (const key of keys) if (values[key] !== undefined) (set as Record<string, unknown>)[key] = values[key];
  if (values.bio !== undefined) {
    set.bio = sanitizeRichText(values.bio);
    // The limit holds for the bio as stored (decision 061): cleaning can add (a link's rel), and a
    // stored bio must pass the same schema when it is saved again.
    if (set.bio !== null && set.bio.length > RECORD_LIMITS.bio)
      throw fieldErrors({ bio: tooLongMessage('Bio', RECORD_LIMITS.bio) });
  }
  const translations = translationsToStore(
    partner,
    values.translations,
    TRANSLATABLE_FIELDS.record,
    (_f, text) => sanitizeRichText(text),
    '',
    stored,
  );
  if (translations !== undefined) {
    for (const [locale, fields] of Object.entries(translations))
      if ((fields.bio?.length ?? 0) > RECORD_LIMITS.bio)
        throw fieldErrors({ [`translations.${locale}.bio`]: tooLongMessage('Bio', RECORD_LIMITS.bio) });
    set.translations = translations;
  }
  return set;
}

/** Checks what zod cannot: the type, program, grade and custom columns exist, the code is free. */
async function checkReferences(
  db: Db | Tx,
  partnersId: number,
  values: Partial<RecordInputValues>,
  exceptId?: number,
): Promise<Awaited<ReturnType<typeof findType>>> {
  const errors: Record<string, string> = {};
  const type =
    values.partnerSponsoredTypesId === undefined
      ? undefined
      : await findType(db, partnersId, values.partnerSponsoredTypesId);
  if (values.partnerSponsoredTypesId !== undefined && !type) errors.partnerSponsoredTypesId = TYPE_NOT_FOUND;
  if (values.entitiesId !== undefined && !(await programExists(db, partnersId, values.entitiesId)))
    errors.entitiesId = 'This program does not exist for this partner.';
  if (values.gradesId !== undefined && values.gradesId !== null && !(values.gradesId in GRADES))
    errors.gradesId = 'This grade does not exist.';
  if (values.code !== undefined && (await codeTaken(db, partnersId, values.code, exceptId)))
    errors.code = `Another record already has the code ${values.code}.`;
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return type;
}

/**
 * The field a record of its type must hold (decision 067; the import requires the same one with the
 * same message): refused when the write leaves it empty. A write that touches neither that field nor
 * the type leaves a record stored without it (before the rule) as it is.
 */
function checkRequiredField(
  sponsoredTypesId: number,
  values: Partial<RecordInputValues>,
  before?: { firstName: string | null; title: string | null },
) {
  const touched =
    before === undefined ||
    values.firstName !== undefined ||
    values.title !== undefined ||
    values.partnerSponsoredTypesId !== undefined;
  if (!touched) return;
  const missing = missingRequiredField(sponsoredTypesId, {
    firstName: values.firstName !== undefined ? values.firstName : before?.firstName,
    title: values.title !== undefined ? values.title : before?.title,
  });
  if (missing) throw fieldErrors({ [missing.field]: missing.message });
}

function checkCustomColumns(values: Record<string, string | null> | undefined, columns: string[]) {
  if (!values) return;
  const unknown = Object.keys(values).filter((c) => !columns.includes(c));
  if (unknown.length > 0)
    throw fieldErrors(
      Object.fromEntries(
        unknown.map((c) => [`customColumnValues.${c}`, `The type has no custom column named ${c}.`]),
      ),
    );
}

export async function createRecord(
  db: Db,
  ctx: SiteContext,
  values: RecordInputValues,
): Promise<RecordDetail> {
  requireAccess(ctx, 'records.manage', { entitiesId: values.entitiesId });
  const id = await db.transaction(async (tx) => {
    const type = await checkReferences(tx, ctx.partner.id, values);
    checkRequiredField(type!.sponsoredTypesId, values);
    checkCustomColumns(values.customColumnValues, type!.customColumns);
    if (values.status === 'archived') throw fieldErrors({ status: 'A new record cannot start archived.' });
    const [row] = await tx
      .insert(sponsoreds)
      .values({
        ...columnsOf(values, ctx.partner),
        partnersId: ctx.partner.id,
        sponsoredTypesId: type!.sponsoredTypesId,
        partnerSponsoredTypesId: type!.id,
        entitiesId: values.entitiesId,
        code: values.code,
        maxSlots: values.maxSlots ?? type!.maxSlots,
      })
      .returning({ id: sponsoreds.id });
    await replaceFunFacts(tx, row!.id, values.funFacts ?? []);
    await writeCustomValues(tx, row!.id, values.customColumnValues ?? {});
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored.created',
      entityType: 'sponsored',
      entityId: row!.id,
      after: { ...columnsOf(values, ctx.partner), funFacts: values.funFacts ?? [] },
    });
    return row!.id;
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return (await detailOf(db, ctx.partner.id, id))!;
}

/** 409 with what archiving will do, until the call says confirm: true. */
function archiveNeedsConfirmation(sponsorships: number, sponsors: number): ProblemError {
  return new ProblemError({
    status: statusOfError(ARCHIVE_NEEDS_CONFIRMATION),
    code: ARCHIVE_NEEDS_CONFIRMATION,
    title: archiveMessage(sponsorships),
    errors: [
      { field: 'activeSponsorships', message: String(sponsorships) },
      { field: 'sponsorsNotified', message: String(sponsors) },
    ],
  });
}

export async function updateRecord(
  db: Db,
  ctx: SiteContext,
  id: number,
  values: RecordUpdateValues,
): Promise<RecordDetail> {
  requireAccess(ctx, 'records.manage');
  await db.transaction(async (tx) => {
    const before = await findRecord(tx, ctx.partner.id, id, { lock: true });
    if (!before) throw refuse(ERRORS.RECORD_NOT_FOUND, RECORD_NOT_FOUND(id));
    requireAccess(ctx, 'records.manage', { entitiesId: before.entitiesId });
    if (values.entitiesId !== undefined)
      requireAccess(ctx, 'records.manage', { entitiesId: values.entitiesId });
    const type =
      (await checkReferences(tx, ctx.partner.id, values, id)) ??
      (await findType(tx, ctx.partner.id, before.partnerSponsoredTypesId));
    checkRequiredField(type!.sponsoredTypesId, values, before);
    checkCustomColumns(values.customColumnValues, type!.customColumns);
    const from = before.status as RecordStatus;
    if (values.status !== undefined && !canMoveRecord(from, values.status))
      throw fieldErrors({ status: `A record that is ${from} cannot become ${values.status}.` });
    const maxSlots = values.maxSlots ?? before.maxSlots;
    if (maxSlots < before.slotsFilled)
      throw fieldErrors({
        maxSlots: `Max slots cannot be below the ${before.slotsFilled} slot${before.slotsFilled === 1 ? '' : 's'} its sponsors fill.`,
      });
    const archiving = values.status === 'archived' && from !== 'archived';
    const sponsors = archiving ? await activeSponsorsOf(tx, id) : [];
    if (archiving && before.sponsors > 0 && values.confirm !== true)
      throw archiveNeedsConfirmation(before.sponsors, sponsors.filter((s) => s.email).length);
    const set = columnsOf(values, ctx.partner, before.translations);
    if (type && values.partnerSponsoredTypesId !== undefined) set.sponsoredTypesId = type.sponsoredTypesId;
    const updatedAt = new Date();
    await tx
      .update(sponsoreds)
      .set({ ...set, updatedAt })
      .where(eq(sponsoreds.id, id));
    const factsBefore = values.funFacts === undefined ? undefined : await funFactsOf(tx, id);
    if (values.funFacts !== undefined) await replaceFunFacts(tx, id, values.funFacts);
    if (values.customColumnValues !== undefined) await writeCustomValues(tx, id, values.customColumnValues);
    const beforeFields = Object.fromEntries(
      Object.keys(set).map((k) => [
        k,
        (before as Record<string, unknown>)[k === 'monthlyAmount' ? 'monthlyAmountOverride' : k],
      ]),
    );
    // Its sponsors are told by the subscriber of record.updated (decision 063).
    const notified = sponsors.filter((s) => s.email).map((s) => s.usersId);
    await emit(tx, 'record.updated', {
      partnersId: ctx.partner.id,
      sponsoredsId: id,
      at: updatedAt.toISOString(),
      fields: Object.keys(set),
      archived: archiving,
      recordName:
        [before.firstName, before.lastName].filter(Boolean).join(' ') || before.title || before.code,
      recordFirstName: before.firstName,
      sponsorsToTell: notified,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: archiving ? 'sponsored.archived' : 'sponsored.updated',
      entityType: 'sponsored',
      entityId: id,
      before: {
        ...beforeFields,
        ...(factsBefore
          ? { funFacts: factsBefore.map(({ description, value }) => ({ description, value })) }
          : {}),
      },
      after: { ...set, ...(values.funFacts ? { funFacts: values.funFacts } : {}) },
      ...(archiving ? { details: { activeSponsorships: before.sponsors, sponsorsNotified: notified } } : {}),
    });
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return (await detailOf(db, ctx.partner.id, id))!;
}

/** A copy with a new code, no sponsors and no pictures, inactive until someone makes it public. */
export async function duplicateRecord(
  db: Db,
  ctx: SiteContext,
  id: number,
  code: string | undefined,
): Promise<RecordDetail> {
  const source = await getRecordForWrite(db, ctx, id);
  let newCode = code;
  if (!newCode) {
    for (let n = 1; ; n++) {
      const candidate = `${source.code}-copy${n === 1 ? '' : `-${n}`}`;
      if (!(await codeTaken(db, ctx.partner.id, candidate))) {
        newCode = candidate;
        break;
      }
    }
  }
  return createRecord(db, ctx, {
    ...recordInputSchema.parse({
      partnerSponsoredTypesId: source.partnerSponsoredTypesId,
      entitiesId: source.entitiesId,
      code: newCode,
      firstName: source.firstName,
      lastName: source.lastName,
      title: source.title,
      gender: source.gender,
      birthday: source.birthday,
      showBirthday: source.showBirthday,
      showAge: source.showAge,
      showLastName: source.showLastName,
      gradesId: source.gradesId,
      homeroom: source.homeroom,
      bio: source.bio,
      // The copy keeps the bio's translations into the languages still offered.
      translations: Object.fromEntries(
        Object.entries(source.translations).filter(([locale]) => {
          const { defaultLocale, locales } = partnerLocales(ctx.partner.defaultLocale, ctx.partner.locales);
          return locale !== defaultLocale && (locales as string[]).includes(locale);
        }),
      ),
      funFacts: source.funFacts.map(({ description, value }) => ({ description, value })),
      customColumnValues: source.customColumnValues,
      monthlyAmount: source.monthlyAmountOverride,
      maxSlots: source.maxSlots,
      masked: source.masked,
    }),
    status: 'inactive',
  });
}

async function getRecordForWrite(db: Db, ctx: SiteContext, id: number): Promise<RecordDetail> {
  requireAccess(ctx, 'records.manage');
  const record = await detailOf(db, ctx.partner.id, id);
  if (!record) throw refuse(ERRORS.RECORD_NOT_FOUND, RECORD_NOT_FOUND(id));
  requireAccess(ctx, 'records.manage', { entitiesId: record.entitiesId });
  return record;
}

/** Deletes a record nothing refers to, then its stored pictures (their rows go with it). */
export async function deleteRecord(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  id: number,
): Promise<void> {
  const { db } = deps;
  requireAccess(ctx, 'records.manage');
  await db.transaction(async (tx) => {
    const before = await findRecord(tx, ctx.partner.id, id, { lock: true });
    if (!before) throw refuse(ERRORS.RECORD_NOT_FOUND, RECORD_NOT_FOUND(id));
    requireAccess(ctx, 'records.manage', { entitiesId: before.entitiesId });
    const refs = await referencesTo(tx, id);
    if (Object.keys(refs).length > 0)
      throw refuse(
        ERRORS.RECORD_IN_USE,
        `This record cannot be deleted: it has ${Object.entries(refs)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ')}. Archive it instead.`,
      );
    await tx.delete(sponsoreds).where(eq(sponsoreds.id, id));
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored.deleted',
      entityType: 'sponsored',
      entityId: id,
      before: {
        code: before.code,
        firstName: before.firstName,
        lastName: before.lastName,
        title: before.title,
      },
    });
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  await deleteStoredPicturesOf(deps.storage, id);
}

/** The built-in notice that a sponsored record is no longer listed (decision 073); English as today. */
export const archivedMessages = defineMessages({
  subject: {
    id: 'mail.recordArchived.subject',
    defaultMessage: '{partnerName}: an update about {recordFirstName}',
  },
  bodyP1: {
    id: 'mail.recordArchived.body.p1',
    defaultMessage: '{hasName, select, yes {Hello {donorName},} other {Hello,}}',
  },
  bodyP2: {
    id: 'mail.recordArchived.body.p2',
    defaultMessage:
      '{recordName}, whom you sponsor through {partnerName}, is no longer listed on our site. Your sponsorship has not been changed: we will write to you about what comes next.',
  },
  bodyP3: { id: 'mail.recordArchived.body.p3', defaultMessage: 'Thank you for your support.\n{partnerName}' },
});

/**
 * The subscriber of record.updated (decision 063): when the record was archived, each of its
 * sponsors of that moment is told it is no longer listed, once per sponsor and event.
 */
export async function queueArchivedNotices(tx: Tx, input: EventPayload<'record.updated'>, eventId: number) {
  if (!input.archived || input.sponsorsToTell.length === 0) return;
  const partner = await findPartnerById(tx, input.partnersId);
  if (!partner) return;
  const name = input.recordName;
  for (const sponsor of await sponsorsByIds(tx, input.sponsorsToTell)) {
    if (!sponsor.email) continue;
    // In the sponsor's saved language, else the partner's default (decision 073).
    const locale = localeOfRecipient(partner, sponsor.locale);
    const say = sayIn(locale);
    // The partner's own wording when it has one (feature 12, decision 044), else the default below.
    const own = await partnerEmail(
      tx,
      partner,
      'update_notice',
      {
        donorName: sponsor.firstName ?? '',
        recordFirstName: input.recordFirstName ?? name,
        recordName: name,
        siteUrl: partnerSiteUrl(partner, '/'),
      },
      {
        partner,
        logoUrl: partner.logo ? partnerSiteUrl(partner, `/media/${partner.logo}`) : null,
      },
      undefined,
      locale,
    );
    await insertOutboxMessage(tx, {
      partnersId: partner.id,
      kind: 'update_notice',
      dedupeKey: `record-archived:${input.sponsoredsId}:${sponsor.usersId}:${eventId}`,
      toAddress: sponsor.email,
      ...(own ? { bodyHtml: own.html } : {}),
      subject:
        own?.subject ??
        say(archivedMessages.subject, {
          partnerName: partner.name,
          recordFirstName: input.recordFirstName ?? name,
        }),
      bodyText: own
        ? own.text
        : [archivedMessages.bodyP1, archivedMessages.bodyP2, archivedMessages.bodyP3]
            .map((paragraph) =>
              say(paragraph, {
                hasName: sponsor.firstName ? 'yes' : 'no',
                donorName: sponsor.firstName ?? '',
                recordName: name,
                partnerName: partner.name,
              }),
            )
            .join('\n\n'),
    });
  }
}
