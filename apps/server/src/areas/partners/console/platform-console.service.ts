import {
  SUBDOMAIN_TAKEN_MESSAGE,
  ERRORS,
  type ConsolePartner,
  type SetupChecklist,
  type SetupStep,
  type partnerCreateSchema,
  type partnerModesSchema,
} from '@kinship/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { fieldErrors, refuse } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { invalidatePartnerCache } from '../site/partner-cache.ts';
import {
  countryExists,
  findPartnerModes,
  insertPartner,
  listPartnersWithStatus,
  setupFacts,
  subdomainTaken,
  updatePartnerModes,
} from './platform-console.repository.ts';

// The Platform console (issue 14 item 5, decision 046): platform.console only, which only the
// Administrators of partner 1 hold. A new partner is found by its subdomain at once (the partner
// cache never remembers an unknown host) and shows an empty site; its dashboard shows the setup
// checklist until every step is done.

type PartnerCreateValues = z.output<typeof partnerCreateSchema>;
type PartnerModes = z.output<typeof partnerModesSchema>;

export const PARTNER_NOT_FOUND = 'This partner does not exist.';

const consoleView = (row: Awaited<ReturnType<typeof listPartnersWithStatus>>[number]): ConsolePartner => ({
  id: row.id,
  name: row.name,
  subdomain: row.subdomain,
  demoMode: row.demoMode,
  privateDemo: row.privateDemo,
  paymentsOnboarded: Boolean(row.stripeUserId),
  activeSponsorships: row.activeSponsorships,
  lastActivity: row.lastActivity ? new Date(row.lastActivity).toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  domainsWaiting: row.domainsWaiting,
});

export async function listConsolePartners(db: Db, ctx: SiteContext): Promise<ConsolePartner[]> {
  requireAccess(ctx, 'platform.console');
  return (await listPartnersWithStatus(db)).map(consoleView);
}

export async function createPartner(
  db: Db,
  ctx: SiteContext,
  values: PartnerCreateValues,
): Promise<ConsolePartner> {
  requireAccess(ctx, 'platform.console');
  if (values.countriesId != null && !(await countryExists(db, values.countriesId)))
    throw fieldErrors({ countriesId: 'Unknown country' });
  const created = await db
    .transaction(async (tx) => {
      if (await subdomainTaken(tx, values.subdomain))
        throw fieldErrors({ subdomain: SUBDOMAIN_TAKEN_MESSAGE }, undefined, ERRORS.SUBDOMAIN_TAKEN);
      const row = await insertPartner(tx, {
        subdomain: values.subdomain,
        name: values.name,
        countriesId: values.countriesId ?? null,
        ein: values.ein,
        currency: values.currency,
        principalContactName: values.principalContactName,
        principalContactEmail: values.principalContactEmail,
        principalContactTitle: values.principalContactTitle,
        accountManagerName: values.accountManagerName,
        accountManagerEmail: values.accountManagerEmail,
        productsId: values.productsId ?? null,
        demoMode: values.demoMode,
        privateDemo: values.privateDemo,
      });
      await recordAudit(tx, {
        actor: actorOf(ctx),
        partnersId: row.id,
        action: 'partner.created',
        entityType: 'partner',
        entityId: row.id,
        after: { ...values },
        details: { createdFrom: ctx.partner.id },
      });
      return row;
    })
    .catch((error: unknown) => {
      // Two creations of one subdomain at once: the unique index decides.
      if ((error as { code?: string }).code === '23505')
        throw fieldErrors({ subdomain: SUBDOMAIN_TAKEN_MESSAGE }, undefined, ERRORS.SUBDOMAIN_TAKEN);
      throw error;
    });
  await invalidatePartnerCache(db);
  return consoleView({ ...created, activeSponsorships: 0, lastActivity: null, domainsWaiting: [] });
}

export async function setPartnerModes(
  db: Db,
  ctx: SiteContext,
  partnersId: number,
  modes: PartnerModes,
): Promise<ConsolePartner> {
  requireAccess(ctx, 'platform.console');
  await db.transaction(async (tx) => {
    const before = await findPartnerModes(tx, partnersId);
    if (!before) throw refuse(ERRORS.PARTNER_NOT_FOUND, PARTNER_NOT_FOUND);
    const set = {
      ...(modes.demoMode === undefined ? {} : { demoMode: modes.demoMode }),
      ...(modes.privateDemo === undefined ? {} : { privateDemo: modes.privateDemo }),
    };
    await updatePartnerModes(tx, partnersId, set);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId,
      action: 'partner.updated',
      entityType: 'partner',
      entityId: partnersId,
      before: { demoMode: before.demoMode, privateDemo: before.privateDemo },
      after: { demoMode: before.demoMode, privateDemo: before.privateDemo, ...set },
      details: { from: 'platform console' },
    });
  });
  await invalidatePartnerCache(db, partnersId);
  const row = (await listPartnersWithStatus(db)).find((p) => p.id === partnersId)!;
  return consoleView(row);
}

const STEPS: { step: SetupStep; label: string; section: string }[] = [
  { step: 'branding', label: 'Add your logo or header image', section: 'settings' },
  { step: 'type', label: 'Create a sponsored type with a plan', section: 'types' },
  { step: 'program', label: 'Add a program', section: 'programs' },
  { step: 'record', label: 'Add a first record', section: 'records' },
  { step: 'payments', label: 'Connect the payments account', section: 'settings' },
  { step: 'team', label: 'Invite your team', section: 'team' },
];

/** The setup checklist of the site's partner, for whoever sets it up (settings.manage). */
export async function setupChecklist(db: Db, ctx: SiteContext): Promise<SetupChecklist> {
  requireAccess(ctx, 'settings.manage');
  const facts = await setupFacts(db, ctx.partner.id);
  const steps = STEPS.map((s) => ({ ...s, done: facts[s.step] }));
  return { done: steps.every((s) => s.done), steps };
}
