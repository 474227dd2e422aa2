import { rolesFor } from '@kinship/domain';
import type { Tx } from '../db/client.ts';
import { auditLog, type AuditChanges } from '../db/schema/index.ts';
import type { RequestViewer } from './viewer.ts';

/**
 * The audit trail: every write by staff and every change a person makes to their account is
 * recorded through `recordAudit`, in the transaction of the write (it takes a `Tx`, never the
 * database: a write and its audit row commit or roll back together). One shape: who (person, login
 * and roles at the partner, or the gateway or a job), which partner, the action, the entity, what
 * changed (before and after of the changed fields only), when, and the request's id and address.
 * Secrets and card data are never stored: such a field is recorded as changed with its values
 * replaced by "[redacted]".
 */

export type ActorKind = 'person' | 'visitor' | 'gateway' | 'system';

export interface AuditActor {
  kind: ActorKind;
  usersId: number | null;
  authUserId: string | null;
  roles: number[];
  requestId: string | null;
  clientAddress: string | null;
}

/** What a request knows of who is asking (the site context has it). */
export interface AuditSource {
  /** Absent for calls that are not about one partner (a person record is shared by every partner). */
  partner?: { id: number } | null;
  viewer: RequestViewer | null;
  requestId: string;
  clientAddress: string;
}

export function actorOf(source: AuditSource): AuditActor {
  const viewer = source.viewer;
  return {
    kind: viewer ? 'person' : 'visitor',
    usersId: viewer?.user?.id ?? null,
    authUserId: viewer?.authUserId ?? null,
    roles: viewer && source.partner ? rolesFor(viewer.permissions, source.partner.id) : [],
    requestId: source.requestId,
    clientAddress: source.clientAddress,
  };
}

/** A provider's event (a webhook delivery), with the request it came in. */
export function gatewayActor(request?: { requestId: string; clientAddress: string }): AuditActor {
  return {
    kind: 'gateway',
    usersId: null,
    authUserId: null,
    roles: [],
    requestId: request?.requestId ?? null,
    clientAddress: request?.clientAddress ?? null,
  };
}

/** The worker (a job settling an interrupted order, a renewal). */
export const SYSTEM_ACTOR: AuditActor = {
  kind: 'system',
  usersId: null,
  authUserId: null,
  roles: [],
  requestId: null,
  clientAddress: null,
};

const SECRET_FIELD =
  /pass(word)?|secret|token|cvc|cvv|card_?number|^number$|iban|account_?number|routing_?number|authorization_?code|^code$/i;
export const REDACTED = '[redacted]';

type Fields = Record<string, unknown>;

const comparable = (value: unknown) =>
  value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null);

/** The changed fields of a write (every field of `after` on a creation, of `before` on a deletion). */
export function changesOf(before: Fields | null | undefined, after: Fields | null | undefined): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before ? (before[key] ?? null) : null;
    const now = after ? (after[key] ?? null) : null;
    if (comparable(was) === comparable(now)) continue;
    changes[key] = SECRET_FIELD.test(key)
      ? { before: was === null ? null : REDACTED, after: now === null ? null : REDACTED }
      : {
          before: was instanceof Date ? was.toISOString() : was,
          after: now instanceof Date ? now.toISOString() : now,
        };
  }
  return changes;
}

export interface AuditEntry {
  actor: AuditActor;
  partnersId: number | null;
  /** `entity.verb`, e.g. `user.updated`, `payment_method.deleted`. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: Fields | null;
  after?: Fields | null;
  /** Context that is not a field change (counts, related ids); never a secret. */
  details?: Record<string, unknown>;
}

/** Writes one audit row in the write's own transaction. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    partnersId: entry.partnersId,
    usersId: entry.actor.usersId,
    authUserId: entry.actor.authUserId,
    roles: entry.actor.roles,
    actorKind: entry.actor.kind,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    changes: changesOf(entry.before, entry.after),
    details: entry.details ?? null,
    requestId: entry.actor.requestId,
    clientAddress: entry.actor.clientAddress,
  });
}
