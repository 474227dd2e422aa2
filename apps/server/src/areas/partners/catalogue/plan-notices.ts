import { defineMessages } from '@formatjs/intl';
import { formatCents, formatCentsIn, type Locale } from '@kinship/domain';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn } from '../../../platform/messages.ts';
import type { Db } from '../../../db/client.ts';
import { BATCH_BUDGET_MS, batchClock, giveWay } from '../../../platform/give-way.ts';
import { insertOutboxMessages } from '../../../platform/messaging/outbox.ts';
import { findPlanWithType, planPricedSponsorsPage } from './types.repository.ts';

/**
 * Plan re-pricing notices (issue 21, decision 058). A new monthly price of a sponsored type is
 * recorded by the request (the plan, its audit row and this job, in one transaction); the job then
 * writes to each sponsor the plan prices, in short transactions of at most NOTICE_BATCH_SIZE people
 * (and about BATCH_BUDGET_MS), giving way to requests between them. Each notice goes through the
 * outbox under the key `plan-changed:{plan}:{person}`, so a retried or repeated run never writes to
 * anyone twice, and one that died half-way continues with the people it had not reached.
 */

/** People written to per transaction at most. */
export const NOTICE_BATCH_SIZE = 100;

/** The plan-change notice's words (decision 073); the English defaults are today's notice. */
export const planNoticeMessages = defineMessages({
  subject: {
    id: 'mail.planChange.subject',
    defaultMessage: '{partnerName}: a new monthly price for {label} sponsorships',
  },
  bodyP1: {
    id: 'mail.planChange.body.p1',
    defaultMessage: '{hasName, select, yes {Hello {firstName},} other {Hello,}}',
  },
  bodyP2: {
    id: 'mail.planChange.body.p2',
    defaultMessage:
      'The monthly price of a {label} sponsorship at {partnerName} is now {amount}. Your sponsorship keeps the amount you chose; nothing changes unless you ask. To move to the new price, sign in and open My Profile, Payment settings (/profile/paymentsettings), then choose "Reset to today\'s price" on the subscription.',
  },
  bodyP3: { id: 'mail.planChange.body.p3', defaultMessage: 'Thank you for your support.\n{partnerName}' },
});

/**
 * The mail a plan-priced sponsor receives when the type's monthly price changes, in `locale` (the
 * sponsor's saved one, else the partner's default; en-US when none is given) and `currency`.
 */
export function planChangeMail(
  partnerName: string,
  labelSingular: string,
  firstName: string | null,
  monthlyAmount: number,
  locale: Locale = 'en-US',
  currency = 'usd',
): string {
  const say = sayIn(locale);
  const m = planNoticeMessages;
  const values = {
    hasName: firstName ? 'yes' : 'no',
    firstName: firstName ?? '',
    label: labelSingular.toLowerCase(),
    partnerName,
    amount: locale === 'en-US' ? formatCents(monthlyAmount) : formatCentsIn(locale, currency, monthlyAmount),
  };
  return [m.bodyP1, m.bodyP2, m.bodyP3].map((paragraph) => say(paragraph, values)).join('\n\n');
}

/** Plan notices' outbox keys start so; kept after delivery (decision 066): one notice per plan and person. */
export const PLAN_CHANGE_KEY_PREFIX = 'plan-changed:';
export const planChangeKey = (planId: number, usersId: number) =>
  `${PLAN_CHANGE_KEY_PREFIX}${planId}:${usersId}`;

export interface PlanNoticeOptions {
  /** People per transaction at most (default NOTICE_BATCH_SIZE). */
  batchSize?: number;
  /** Called after each committed transaction with the people it covered (tests count batches). */
  onBatch?: (people: number) => void | Promise<void>;
}

/**
 * Writes the plan-change notice to every sponsor the plan's type prices (active sponsorships of
 * its records that have no amount of their own), once each. Answers the people covered and the
 * notices queued by this run (fewer when an earlier run had queued some).
 */
export async function sendPlanChangeNotices(
  db: Db,
  planId: number,
  options: PlanNoticeOptions = {},
): Promise<{ sponsors: number; notices: number }> {
  const plan = await findPlanWithType(db, planId);
  if (!plan) return { sponsors: 0, notices: 0 };
  const batchSize = Math.max(1, options.batchSize ?? NOTICE_BATCH_SIZE);
  const subjectIn = (locale: Locale) =>
    sayIn(locale)(planNoticeMessages.subject, {
      partnerName: plan.partnerName,
      label: plan.labelSingular.toLowerCase(),
    });
  let after = 0;
  let sponsors = 0;
  let notices = 0;
  for (;;) {
    const clock = batchClock(BATCH_BUDGET_MS);
    const batch = await db.transaction(async (tx) => {
      const people = await planPricedSponsorsPage(tx, plan.partnersId, plan.typeId, after, batchSize);
      const queued = await insertOutboxMessages(
        tx,
        people
          .filter((p) => p.email)
          .map((p) => {
            // The sponsor's saved language, else the partner's default (decision 073).
            const locale = localeOfRecipient(plan, p.locale);
            return {
              partnersId: plan.partnersId,
              kind: 'update_notice' as const,
              dedupeKey: planChangeKey(plan.planId, p.usersId),
              toAddress: p.email!,
              subject: subjectIn(locale),
              bodyText: planChangeMail(
                plan.partnerName,
                plan.labelSingular,
                p.firstName,
                plan.monthlyAmount,
                locale,
                plan.currency,
              ),
            };
          }),
      );
      return { people: people.length, last: people.at(-1)?.usersId ?? after, queued };
    });
    sponsors += batch.people;
    notices += batch.queued;
    after = batch.last;
    if (batch.people > 0) await options.onBatch?.(batch.people);
    if (batch.people < batchSize) break;
    await giveWay(clock.elapsed());
  }
  return { sponsors, notices };
}
