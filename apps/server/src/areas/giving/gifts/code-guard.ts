import {
  CODE_MESSAGES,
  ERRORS,
  Feature,
  hasFeature,
  heldInProgramsOnly,
  tooManyCodesMessage,
  type CodeProblem,
  type ErrorCode,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { refuse } from '../../../platform/errors.ts';
import { codeThrottleWait, countWrongCode } from '../../../platform/code-throttle.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { partnerViewOf } from '../../partners/index.ts';
import { normalizeCode } from './codes.ts';

/**
 * What every code call shares: the feature gate (off answers 404, as if the page did not exist),
 * one plain message per wrong case, and wrong tries counted per client address
 * (platform/code-throttle.ts): too many unknown codes and the address waits, right codes included.
 */

/** Each wrong case's code (its status is the code's, from the one map). */
const CODE: Record<CodeProblem, ErrorCode> = {
  unknown: ERRORS.CODE_UNKNOWN,
  used: ERRORS.CODE_USED,
  expired: ERRORS.CODE_EXPIRED,
  otherPartner: ERRORS.CODE_OTHER_PARTNER,
  tooManyTries: ERRORS.CODE_TOO_MANY_TRIES,
  noRecord: ERRORS.CODE_NO_RECORD,
  revoked: ERRORS.CODE_WITHDRAWN,
};

export const codeError = (problem: Exclude<CodeProblem, 'tooManyTries'>) =>
  refuse(CODE[problem], CODE_MESSAGES[problem]);

/** The throttle's 429: its message and Retry-After say the real wait. */
export const tooManyCodes = (retryAfterSeconds: number) =>
  refuse(ERRORS.CODE_TOO_MANY_TRIES, tooManyCodesMessage(retryAfterSeconds), {
    'Retry-After': String(retryAfterSeconds),
  });

/** The feature gate of a call: a partner without the feature answers 404, as for a page that does not exist. */
export async function requireFeature(db: Db, ctx: SiteContext, feature: number): Promise<void> {
  assertSiteOpen(ctx);
  if (!hasFeature(await partnerViewOf(db, ctx.partner), feature))
    throw refuse(ERRORS.FEATURE_OFF, 'Not found.');
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
  if (wait !== null) throw tooManyCodes(wait);
}

/** Counts an unknown code against the address: throws the 429 once the address is over the limit. */
export async function countUnknownCode(db: Db, kind: string, address: string): Promise<void> {
  const wait = await countWrongCode(db, kind, address);
  if (wait !== null) throw tooManyCodes(wait);
}

/**
 * Answers a wrong code's error. An unknown code is what guessing produces, so it is counted against
 * the address (429 once over the limit); used, expired and other-partner codes are real codes the
 * person already holds and are not counted.
 */
export async function wrongCode(
  db: Db,
  kind: string,
  address: string,
  problem: Exclude<CodeProblem, 'tooManyTries'>,
): Promise<never> {
  if (problem === 'unknown') await countUnknownCode(db, kind, address);
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
  row: { partnersId: number; redeemedAt: Date | null; expiresAt: Date | null; revokedAt?: Date | null },
  partnersId: number,
  now = new Date(),
): 'otherPartner' | 'used' | 'expired' | 'revoked' | null {
  if (row.partnersId !== partnersId) return 'otherPartner';
  if (row.redeemedAt) return 'used';
  // Withdrawn by staff (decision 059): told apart from a code that ran out.
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/**
 * Whether a used code was used by this signed-in person on this site: they are told of their own
 * redemption (when, until when); to anyone else it stays "already been used".
 */
export function redeemedBy(
  row: { partnersId: number; redeemedAt: Date | null; redeemedByUsersId: number | null },
  ctx: SiteContext,
  usersId: number | undefined,
): boolean {
  return (
    usersId !== undefined &&
    row.redeemedAt !== null &&
    row.partnersId === ctx.partner.id &&
    row.redeemedByUsersId === usersId
  );
}
