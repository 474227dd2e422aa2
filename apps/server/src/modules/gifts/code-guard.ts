import { CODE_MESSAGES, Feature, hasFeature, heldInProgramsOnly, type CodeProblem } from '@kinship/domain';
import type { Db } from '../../db/client.ts';
import { requireAccess } from '../../platform/access.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { codeThrottleWait, countWrongCode } from '../../platform/code-throttle.ts';
import { assertSiteOpen, type SiteContext } from '../../platform/site-context.ts';
import { partnerViewOf } from '../partners/partners.service.ts';
import { normalizeCode } from './codes.ts';

/**
 * What every code call shares: the feature gate (off answers 404, as if the page did not exist),
 * one plain message per wrong case, and wrong tries counted per client address
 * (platform/code-throttle.ts): too many unknown codes and the address waits, right codes included.
 */

const STATUS: Record<CodeProblem, number> = {
  unknown: 404,
  used: 409,
  expired: 410,
  otherPartner: 409,
  tooManyTries: 429,
  noRecord: 409,
};

export const codeError = (problem: CodeProblem, headers: Record<string, string> = {}) =>
  new HttpError(
    STATUS[problem],
    CODE_MESSAGES[problem],
    headers,
    `code_${problem.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
  );

/** The feature gate of a call: a partner without the feature answers 404, as for a page that does not exist. */
export async function requireFeature(db: Db, ctx: SiteContext, feature: number): Promise<void> {
  assertSiteOpen(ctx);
  if (!hasFeature(await partnerViewOf(db, ctx.partner), feature)) throw notFound();
}

export const FEATURES = Feature;

/**
 * Issuing codes and reading them in full (decision 052): codes.manage, a partner-level action. A
 * person who holds it only in some programs is told why with `partnerWideMessage`.
 */
export function requireCodesManage(ctx: SiteContext, partnerWideMessage: string): void {
  const inProgramsOnly = heldInProgramsOnly(ctx.viewer?.permissions ?? null, 'codes.manage', ctx.partner.id);
  requireAccess(ctx, 'codes.manage', {}, inProgramsOnly ? partnerWideMessage : undefined);
}

export async function assertNotThrottled(db: Db, kind: string, address: string): Promise<void> {
  const wait = await codeThrottleWait(db, kind, address);
  if (wait !== null) throw codeError('tooManyTries', { 'Retry-After': String(wait) });
}

/**
 * Answers a wrong code's error. An unknown code is what guessing produces, so it is counted against
 * the address (429 once over the limit); used, expired and other-partner codes are real codes the
 * person already holds and are not counted.
 */
export async function wrongCode(db: Db, kind: string, address: string, problem: CodeProblem): Promise<never> {
  if (problem === 'unknown') {
    const wait = await countWrongCode(db, kind, address);
    if (wait !== null) throw codeError('tooManyTries', { 'Retry-After': String(wait) });
  }
  throw codeError(problem);
}

/** A code from the address, or the unknown-code answer when it cannot be one. */
export async function readCode(db: Db, kind: string, address: string, raw: string): Promise<string> {
  await assertNotThrottled(db, kind, address);
  const code = normalizeCode(raw);
  if (!code) return wrongCode(db, kind, address, 'unknown');
  return code;
}

/** The state of a code row against the site: the first wrong case, or null when it may be used. */
export function problemOf(
  row: { partnersId: number; redeemedAt: Date | null; expiresAt: Date | null },
  partnersId: number,
  now = new Date(),
): CodeProblem | null {
  if (row.partnersId !== partnersId) return 'otherPartner';
  if (row.redeemedAt) return 'used';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}
