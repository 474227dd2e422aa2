import {
  planInputSchema,
  typeCreateInputSchema,
  typeSettingsInputSchema,
  storedTranslations,
  TRANSLATABLE_FIELDS,
  ERRORS,
  type PlanChangeAnswer,
  type StaffType,
  type StaffTypesAnswer,
} from '@kinship/domain';
import type { Db, Tx } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { fieldErrors, refuse } from '../../../platform/errors.ts';
import { invalidatePartnerCache } from '../site/partner-cache.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { parseInput } from '../../../platform/parse-input.ts';
import { translationsToStore } from '../../../platform/translations.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import { planChangeNoticesJob } from './catalogue.jobs.ts';
import {
  countByType,
  findCurrentPlans,
  findFilterTypes,
  findOfferableIntervals,
  findType,
  findTypeByIdentifier,
  findTypes,
  insertType,
  replaceCurrentPlan,
  updateType,
  type TypeRow,
} from './types.repository.ts';

export const TYPE_NOT_FOUND = (id: number) => `Sponsored type ${id} was not found.`;
export const IDENTIFIER_TAKEN = 'Another sponsored type already uses this address.';
export const INTERVAL_NOT_OFFERED =
  'This payment interval cannot be offered (unknown, or its multiplier is zero).';

type Settings = ReturnType<typeof typeSettingsInputSchema.parse>;

/**
 * The stored columns of the settings: custom columns keep their names in order, kinds and
 * visibility beside; the labels' and description's translations (decision 072) only when sent,
 * checked against the partner's languages.
 */
function columnsOf(settings: Settings, partner: SiteContext['partner'], prefix = '', stored?: unknown) {
  const { customColumns, translations: sent, ...rest } = settings;
  const translations = translationsToStore(
    partner,
    sent,
    TRANSLATABLE_FIELDS.type,
    undefined,
    prefix,
    stored,
  );
  return {
    ...rest,
    ...(translations === undefined ? {} : { translations }),
    customColumns: customColumns.map((c) => c.name),
    customColumnSettings: Object.fromEntries(
      customColumns.map((c) => [c.name, { kind: c.kind, public: c.public }]),
    ),
  };
}

function settingsOf(row: TypeRow): StaffType['settings'] {
  return {
    customLabelSingular: row.customLabelSingular,
    customLabelPlural: row.customLabelPlural,
    customSlotName: row.customSlotName,
    description: row.description,
    translations: storedTranslations(row.translations),
    active: row.active,
    showSlots: row.showSlots,
    visibleSlots: row.visibleSlots,
    maxSlots: row.maxSlots,
    maskProfiles: row.maskProfiles,
    showBirthday: row.showBirthday,
    showAge: row.showAge,
    showLastName: row.showLastName,
    gridLayout: row.gridLayout as StaffType['settings']['gridLayout'],
    hiddenFilterTypes: row.hiddenFilterTypes,
    customColumns: row.customColumns.map((name) => ({
      name,
      kind: row.customColumnSettings[name]?.kind ?? 'text',
      public: row.customColumnSettings[name]?.public ?? true,
    })),
  };
}

async function staffTypes(db: Db, partnersId: number, rows: TypeRow[]): Promise<StaffType[]> {
  const ids = rows.map((r) => r.id);
  const [plans, filters, counts] = await Promise.all([
    findCurrentPlans(db, ids),
    findFilterTypes(db, [...new Set(rows.map((r) => r.sponsoredTypesId))]),
    countByType(db, partnersId, ids),
  ]);
  return rows.map((row) => {
    const plan = plans.find((p) => p.partnerSponsoredTypesId === row.id);
    return {
      id: row.id,
      sponsoredTypesId: row.sponsoredTypesId,
      identifier: row.identifier,
      settings: settingsOf(row),
      currentPlan: plan
        ? { id: plan.id, monthlyAmount: plan.monthlyAmount, paymentIntervalsIds: plan.paymentIntervalsIds }
        : null,
      filterTypes: filters
        .filter((f) => f.sponsoredTypesId === row.sponsoredTypesId)
        .map((f) => ({ id: f.id, label: f.label })),
      records: counts.records.get(row.id) ?? 0,
      activeSponsorships: counts.planPriced.get(row.id) ?? 0,
    };
  });
}

async function checkSettings(db: Db, sponsoredTypesId: number, settings: Settings, prefix: string) {
  const known = new Set((await findFilterTypes(db, [sponsoredTypesId])).map((f) => f.id));
  const unknown = settings.hiddenFilterTypes.findIndex((id) => !known.has(id));
  if (unknown >= 0)
    throw fieldErrors({
      [`${prefix}hiddenFilterTypes.${unknown}`]: 'This filter is not one of the type’s filters.',
    });
}

async function checkPlan(db: Db, plan: { paymentIntervalsIds: number[] }, prefix: string) {
  const offerable = new Set((await findOfferableIntervals(db)).map((i) => i.id));
  const bad = plan.paymentIntervalsIds.findIndex((id) => !offerable.has(id));
  if (bad >= 0) throw fieldErrors({ [`${prefix}paymentIntervalsIds.${bad}`]: INTERVAL_NOT_OFFERED });
  if (new Set(plan.paymentIntervalsIds).size !== plan.paymentIntervalsIds.length)
    throw fieldErrors({ [`${prefix}paymentIntervalsIds`]: 'Each interval once.' });
}

/** GET dashboard/types: the partner's sponsored types with their current plans and the intervals a plan may offer. */
export async function listStaffTypes(db: Db, ctx: SiteContext): Promise<StaffTypesAnswer> {
  requireAccess(ctx, 'types.manage');
  const [rows, intervals] = await Promise.all([findTypes(db, ctx.partner.id), findOfferableIntervals(db)]);
  return { types: await staffTypes(db, ctx.partner.id, rows), paymentIntervals: intervals };
}

async function oneStaffType(db: Db, partnersId: number, id: number): Promise<StaffType> {
  const row = await findType(db, partnersId, id);
  return (await staffTypes(db, partnersId, [row!]))[0]!;
}

/** POST dashboard/types: a new sponsored type of the partner with its first plan; the public site shows it at once. */
export async function createStaffType(db: Db, ctx: SiteContext, body: unknown): Promise<StaffType> {
  requireAccess(ctx, 'types.manage');
  const input = parseInput(typeCreateInputSchema, body);
  await checkSettings(db, input.sponsoredTypesId, input.settings, 'settings.');
  await checkPlan(db, input.plan, 'plan.');
  const columns = columnsOf(input.settings, ctx.partner, 'settings.');
  if (await findTypeByIdentifier(db, ctx.partner.id, input.identifier))
    throw fieldErrors({ identifier: IDENTIFIER_TAKEN }, undefined, ERRORS.IDENTIFIER_TAKEN);
  const created = await db.transaction(async (tx) => {
    const row = await insertType(tx, ctx.partner.id, {
      sponsoredTypesId: input.sponsoredTypesId,
      identifier: input.identifier,
      ...columns,
    });
    const plan = await replaceCurrentPlan(tx, row.id, input.plan);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored_type.created',
      entityType: 'sponsored_type',
      entityId: row.id,
      after: { identifier: row.identifier, ...columns },
      details: {
        planId: plan.id,
        monthlyAmount: plan.monthlyAmount,
        paymentIntervalsIds: input.plan.paymentIntervalsIds,
      },
    });
    return row;
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return oneStaffType(db, ctx.partner.id, created.id);
}

async function ownType(db: Db, ctx: SiteContext, id: number): Promise<TypeRow> {
  requireAccess(ctx, 'types.manage');
  const row = await findType(db, ctx.partner.id, id);
  if (!row) throw refuse(ERRORS.TYPE_NOT_FOUND, TYPE_NOT_FOUND(id));
  return row;
}

/** PUT dashboard/types/{id}: labels, slots, flags, layout, filters and custom columns. */
export async function updateStaffType(
  db: Db,
  ctx: SiteContext,
  id: number,
  body: unknown,
): Promise<StaffType> {
  const row = await ownType(db, ctx, id);
  const settings = parseInput(typeSettingsInputSchema, body);
  await checkSettings(db, row.sponsoredTypesId, settings, '');
  const values = columnsOf(settings, ctx.partner, '', row.translations);
  await db.transaction(async (tx: Tx) => {
    const updated = await updateType(tx, row.id, values);
    const before = Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof TypeRow]]));
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored_type.updated',
      entityType: 'sponsored_type',
      entityId: row.id,
      before,
      after: Object.fromEntries(Object.keys(values).map((k) => [k, updated[k as keyof TypeRow]])),
    });
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return oneStaffType(db, ctx.partner.id, row.id);
}

/**
 * PUT dashboard/types/{id}/plan: a new current plan. It prices new sponsorships; active ones keep
 * the amount they were started at, and each sponsor is offered the new price through
 * PUT payments/resetsubscriptionprice (the subscription page shows today's price beside theirs).
 * When the monthly amount changed, each sponsor is also written to (update_notice mail): the
 * request records the plan and queues the notices job in its transaction, and the job writes to
 * the sponsors in short batches (decision 058), so a type with thousands of sponsors neither holds
 * the request nor the database.
 */
export async function changeStaffTypePlan(
  db: Db,
  jobs: JobSender,
  ctx: SiteContext,
  id: number,
  body: unknown,
): Promise<PlanChangeAnswer> {
  const row = await ownType(db, ctx, id);
  const plan = parseInput(planInputSchema, body);
  await checkPlan(db, plan, '');
  const [former] = await findCurrentPlans(db, [row.id]);
  await db.transaction(async (tx) => {
    const created = await replaceCurrentPlan(tx, row.id, plan);
    // Never silently: each sponsor the plan prices is told the new price and where to take it up.
    const notifying = former?.monthlyAmount !== created.monthlyAmount;
    if (notifying) await jobs.send(planChangeNoticesJob, { sponsoredTypePlansId: created.id }, { tx });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored_type.plan_changed',
      entityType: 'sponsored_type',
      entityId: row.id,
      before: former
        ? { monthlyAmount: former.monthlyAmount, paymentIntervalsIds: former.paymentIntervalsIds }
        : null,
      after: { monthlyAmount: created.monthlyAmount, paymentIntervalsIds: plan.paymentIntervalsIds },
      details: { planId: created.id, sponsorsNotified: notifying },
    });
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  const type = await oneStaffType(db, ctx.partner.id, row.id);
  return { type, keptSponsorships: type.activeSponsorships };
}
