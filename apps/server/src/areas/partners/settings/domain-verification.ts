import { domainVerificationRecord } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import type { partnerDomains } from '../../../db/schema/index.ts';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../../platform/audit.ts';
import { txtRecordsOf } from '../../../platform/dns-lookup.ts';
import { invalidatePartnerCache } from '../site/partner-cache.ts';
import { markDomainChecked, markDomainVerified, unverifiedDomains } from './partner-settings.repository.ts';

/*
 * Own-domain verification (decision 050). A claimed domain resolves only once its owner has shown
 * it holds the domain: the TXT record `_kinship-verify.{domain}` = `kinship-verify={token}`, looked
 * for by the `domains.verify` job every few minutes, by "Check now" in Settings > Domains, or
 * skipped by the platform administrator verifying by hand. Verifying forgets the partner cache.
 */

type DomainRow = typeof partnerDomains.$inferSelect;

/** Domains looked at in one round of the job (the least recently checked first). */
const ROUND_SIZE = 100;
const LOOKUPS_AT_ONCE = 10;

/** Marks `row` verified and records it; answers whether this call verified it. */
export async function markVerified(
  db: Db,
  row: DomainRow,
  at: Date,
  actor: AuditActor,
  how: 'dns' | 'by_hand',
) {
  const verified = await db.transaction(async (tx) => {
    if (!(await markDomainVerified(tx, row.id, at))) return false;
    await recordAudit(tx, {
      actor,
      partnersId: row.partnersId,
      action: 'partner.domain_verified',
      entityType: 'partner',
      entityId: row.partnersId,
      before: { verified: false },
      after: { verified: true },
      details: { domain: row.domain, how },
    });
    return true;
  });
  if (verified) await invalidatePartnerCache(db, row.partnersId);
  return verified;
}

/** Looks for the domain's TXT record once; answers whether the domain is now verified. */
export async function checkDomain(
  db: Db,
  row: DomainRow,
  dnsServers: readonly string[] | undefined,
  now: Date,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<boolean> {
  if (row.verifiedAt) return true;
  const { recordName, recordValue } = domainVerificationRecord(row.domain, row.verificationToken);
  const seen = (await txtRecordsOf(recordName, dnsServers)).includes(recordValue);
  if (seen) {
    await markVerified(db, row, now, actor, 'dns');
    return true;
  }
  await markDomainChecked(db, row.id, now);
  return false;
}

/** One round of the `domains.verify` job: every domain waiting for verification, looked up once. */
export async function verifyWaitingDomains(
  db: Db,
  dnsServers: readonly string[] | undefined,
  now: Date,
): Promise<{ checked: number; verified: number }> {
  const rows = await unverifiedDomains(db, ROUND_SIZE);
  let verified = 0;
  // A few lookups at a time: an unreachable server costs each one its timeout.
  for (let i = 0; i < rows.length; i += LOOKUPS_AT_ONCE) {
    const seen = await Promise.all(
      rows.slice(i, i + LOOKUPS_AT_ONCE).map((row) => checkDomain(db, row, dnsServers, now)),
    );
    verified += seen.filter(Boolean).length;
  }
  return { checked: rows.length, verified };
}
