import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The link of a staff invitation (decision 045): `{id}.{nonce}.{signature}`, where the signature
 * is an HMAC-SHA256 over the invitation's id, partner, nonce and expiry with a key derived from
 * AUTH_SECRET. The invitation row keeps the nonce's SHA-256 only: a database reader cannot build a
 * link, a resend (new nonce) voids the old one, and only this installation can sign one.
 */

const keyOf = (secret: string) => createHmac('sha256', secret).update('kinship:staff-invitation:v1').digest();

export interface SignedInvitation {
  id: number;
  partnersId: number;
  expiresAt: Date;
}

function signatureOf(secret: string, invitation: SignedInvitation, nonce: string): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${invitation.id}.${invitation.partnersId}.${nonce}.${invitation.expiresAt.getTime()}`)
    .digest('base64url');
}

export const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function invitationToken(secret: string, invitation: SignedInvitation, nonce: string): string {
  return `${invitation.id}.${nonce}.${signatureOf(secret, invitation, nonce)}`;
}

/** The parts of a token of the right shape (not yet checked against its row), or null. */
export function parseInvitationToken(token: string): { id: number; nonce: string; signature: string } | null {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { id: Number(match[1]), nonce: match[2]!, signature: match[3]! };
}

/** Whether the token was signed by this installation for this invitation row and its current nonce. */
export function tokenMatches(
  secret: string,
  parsed: { nonce: string; signature: string },
  row: SignedInvitation & { nonceHash: string },
): boolean {
  const expected = Buffer.from(signatureOf(secret, row, parsed.nonce));
  const given = Buffer.from(parsed.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const hash = Buffer.from(hashNonce(parsed.nonce));
  const stored = Buffer.from(row.nonceHash);
  return hash.length === stored.length && timingSafeEqual(hash, stored);
}
