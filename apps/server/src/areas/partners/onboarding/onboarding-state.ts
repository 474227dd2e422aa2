import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The `state` of a Connect onboarding round trip: a signed, expiring token naming the partner, the
 * site that started it (where the partner lands afterwards) and who started it. It is signed with a
 * key derived from AUTH_SECRET, so only this deployment can issue one, and it cannot be altered.
 */
export interface OnboardingState {
  partnersId: number;
  /** The origin (scheme://host) of the site that issued it. */
  origin: string;
  /** The Kinship user who asked for the link (audit). */
  usersId: number | null;
  expiresAt: Date;
}

/** Long enough to create a Stripe account from scratch in the middle of the round trip. */
export const ONBOARDING_STATE_TTL_MS = 2 * 60 * 60 * 1000;

const keyOf = (secret: string) => createHmac('sha256', secret).update('kinship:onboarding-state:v1').digest();
const mac = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function issueOnboardingState(
  secret: string,
  input: { partnersId: number; origin: string; usersId: number | null },
  now = new Date(),
  ttlMs = ONBOARDING_STATE_TTL_MS,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: input.partnersId,
      o: input.origin,
      u: input.usersId,
      e: now.getTime() + ttlMs,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The state's content when it is this deployment's, unaltered and unexpired; else null. */
export function readOnboardingState(secret: string, token: string, now = new Date()): OnboardingState | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { p, o, u, e } = (data ?? {}) as Record<string, unknown>;
  if (!Number.isInteger(p) || typeof o !== 'string' || typeof e !== 'number') return null;
  if (u !== null && !Number.isInteger(u)) return null;
  if (e <= now.getTime()) return null;
  return {
    partnersId: p as number,
    origin: o,
    usersId: (u as number | null) ?? null,
    expiresAt: new Date(e),
  };
}
