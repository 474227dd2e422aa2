import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Queryable, Tx } from '../db/client.ts';
import { domainEventDeliveries, domainEvents } from '../db/schema/index.ts';
import { defineJob, type JobLogger, type JobSender } from './jobs.ts';

/**
 * Domain events (decision 063). A write says what happened with `emit(tx, name, payload)`: one row
 * in `domain_events`, in the write's own transaction, so the event exists exactly when the write
 * does. Subscribers, registered at start-up in one list (`src/event-subscribers.ts`, so platform
 * imports no area), each run once per event in a transaction of their own that also records their
 * completion: what they write (an outbox mail with its dedupe key) commits with their mark, so a
 * crash at any point neither loses nor repeats it. Events are dispatched right after the emitting
 * transaction commits (before the request answers) and by the `events.dispatch` job every few
 * seconds and at worker start, which takes over whatever a dead process left.
 *
 * Audit stays synchronous (`recordAudit` in the write's transaction); events carry the effects that
 * may come after the write: receipts, notices, and later CRM deliveries and occasion schedules.
 */

const id = z.number().int().positive();

/** Every event: its payload's schema and the key that makes a retried write emit it once. */
export const EVENT_CATALOGUE = {
  /** A payment was recorded as succeeded (its receipt). */
  'payment.succeeded': {
    payload: z.object({ partnersId: id, paymentsId: id }),
    key: (p: { paymentsId: number }) => `payment.succeeded:${p.paymentsId}`,
  },
  /** Part or all of a payment was refunded (not a dispute). */
  'payment.refunded': {
    payload: z.object({
      partnersId: id,
      paymentsId: id,
      refundId: id,
      amount: z.number().int().positive(),
      /**
       * When it was confirmed: a refund is confirmed once (pending to succeeded under its lock), and
       * its notice's outbox key keeps one mail per refund.
       */
      settledAt: z.iso.datetime(),
    }),
    key: (p: { refundId: number; settledAt: string }) => `payment.refunded:${p.refundId}:${p.settledAt}`,
  },
  /** Staff canceled a subscription. */
  'subscription.canceled': {
    payload: z.object({ partnersId: id, subscriptionsId: id }),
    key: (p: { subscriptionsId: number }) => `subscription.canceled:${p.subscriptionsId}`,
  },
  /**
   * A sponsorship started outside the money path (staff recorded one paid offline, with its link
   * code); one started by a checkout is announced by its payment.succeeded.
   */
  'sponsorship.started': {
    payload: z.object({
      partnersId: id,
      userSponsoredsId: id,
      usersId: id,
      sponsoredsId: id,
      /** The record's name as shown when it started. */
      recordName: z.string(),
      numSlots: z.number().int().positive(),
      manual: z.boolean(),
    }),
    key: (p: { userSponsoredsId: number }) => `sponsorship.started:${p.userSponsoredsId}`,
  },
  /** Staff ended a sponsorship (its paid line ended at the gateway first, when it had one). */
  'sponsorship.ended': {
    payload: z.object({
      partnersId: id,
      userSponsoredsId: id,
      usersId: id,
      recordName: z.string(),
      reason: z.string(),
      /** The subscription's fate: canceled, or continuing at this amount (cents); null when unpaid. */
      subscription: z.object({ canceled: z.boolean(), amount: z.number().int() }).nullable(),
    }),
    key: (p: { userSponsoredsId: number }) => `sponsorship.ended:${p.userSponsoredsId}`,
  },
  /** Staff moved a sponsorship to another record of the same type. */
  'sponsorship.moved': {
    payload: z.object({
      partnersId: id,
      userSponsoredsId: id,
      newUserSponsoredsId: id,
      usersId: id,
      fromName: z.string(),
      toName: z.string(),
      reason: z.string(),
      numSlots: z.number().int().positive(),
    }),
    key: (p: { userSponsoredsId: number }) => `sponsorship.moved:${p.userSponsoredsId}`,
  },
  /**
   * Someone was invited to a partner's team, or the invitation got a new link: its signed token
   * (the mail carries it; only its nonce's hash is kept on the invitation) and who invited.
   */
  'staff.invited': {
    payload: z.object({
      partnersId: id,
      invitationsId: id,
      /** The first characters of the link's nonce hash: one event per link. */
      nonceKey: z.string().min(1),
      token: z.string().min(1),
      inviterName: z.string(),
    }),
    key: (p: { invitationsId: number; nonceKey: string }) => `staff.invited:${p.invitationsId}:${p.nonceKey}`,
  },
  /**
   * Staff changed a sponsored record. Archiving one names its active sponsors of that moment, who
   * are told it is no longer listed.
   */
  'record.updated': {
    payload: z.object({
      partnersId: id,
      sponsoredsId: id,
      /** The update's time: one event per write. */
      at: z.iso.datetime(),
      fields: z.array(z.string()),
      archived: z.boolean(),
      /** The record's name and first name before the change, as its sponsors know it. */
      recordName: z.string(),
      recordFirstName: z.string().nullable(),
      sponsorsToTell: z.array(id),
    }),
    key: (p: { sponsoredsId: number; at: string }) => `record.updated:${p.sponsoredsId}:${p.at}`,
  },
  /** A gift's mail to its recipient is due: at its delivery date (attempt 1) or resent by the giver. */
  'gift.delivered': {
    payload: z.object({ partnersId: id, giftsId: id, attempt: z.number().int().positive() }),
    key: (p: { giftsId: number; attempt: number }) => `gift.delivered:${p.giftsId}:${p.attempt}`,
  },
  /** Someone redeemed a trial code: their trial sponsorship started. */
  'trial.started': {
    payload: z.object({
      partnersId: id,
      trialsId: id,
      userSponsoredsId: id,
      days: z.number().int().positive(),
      endsAt: z.iso.datetime(),
      recordName: z.string(),
      /** Where its confirmation goes. */
      email: z.string().min(1),
    }),
    key: (p: { trialsId: number }) => `trial.started:${p.trialsId}`,
  },
  /**
   * Staff published an update post: it is to go out to the sponsors of its records at
   * `distributeAt` (now or later). Each publication of a post (a later edit of a scheduled post
   * publishes it again) is one event.
   */
  'update.published': {
    payload: z.object({
      partnersId: id,
      updatePostsId: id,
      distributeAt: z.iso.datetime(),
      /** The post's updated_at as published: one event per version. */
      version: z.iso.datetime(),
    }),
    key: (p: { updatePostsId: number; version: string }) =>
      `update.published:${p.updatePostsId}:${p.version}`,
  },
  /**
   * A letter's state changed for its reader (issue 24): approved (a reply reaches its sponsor, a
   * sponsor letter may be printed), rejected (its writer is told why) or delivered. One event per
   * letter and state.
   */
  'letter.changed': {
    payload: z.object({
      partnersId: id,
      messagesId: id,
      usersId: id,
      direction: z.enum(['to_sponsored', 'to_sponsor']),
      status: z.enum(['approved', 'rejected', 'delivered']),
    }),
    key: (p: { messagesId: number; status: string }) => `letter.changed:${p.messagesId}:${p.status}`,
  },
} as const;

export type EventName = keyof typeof EVENT_CATALOGUE;
export type EventPayload<N extends EventName> = z.output<(typeof EVENT_CATALOGUE)[N]['payload']>;

export interface EventContext {
  /** The subscriber's own transaction: its writes commit with its completion mark. */
  tx: Tx;
  config: Config;
  log: JobLogger;
  /** To send jobs in `tx` (absent only where a test dispatches without a queue). */
  jobs?: JobSender | undefined;
  event: { id: number; name: EventName; createdAt: Date };
}

export interface EventSubscriber<N extends EventName = EventName> {
  /** Unique across subscribers; recorded per event once the subscriber has run. */
  readonly name: string;
  readonly event: N;
  handle(payload: EventPayload<N>, ctx: EventContext): Promise<void>;
}

/** A typed subscriber: `handle` runs once per event; it must only write through `ctx.tx`. */
export function subscribe<N extends EventName>(
  event: N,
  name: string,
  handle: (payload: EventPayload<N>, ctx: EventContext) => Promise<void>,
): EventSubscriber<N> {
  return { name, event, handle };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEventSubscriber = EventSubscriber<any>;

// ------------------------------------------------------------------------------------- emitting

interface Frame {
  bus: EventBus;
  ids: number[];
}

/** The transaction (outermost `db.transaction`) an emit belongs to, with the events it emitted. */
const frames = new AsyncLocalStorage<Frame>();
const buses = new WeakMap<object, EventBus>();

/**
 * Writes the event in the caller's transaction, once per dedupe key (a retried write emits
 * nothing new). Answers the new event's id, or null when it was emitted already.
 */
export async function emit<N extends EventName>(
  tx: Queryable,
  name: N,
  payload: EventPayload<N>,
): Promise<number | null> {
  const entry = EVENT_CATALOGUE[name];
  const data = entry.payload.parse(payload) as Record<string, unknown> & { partnersId?: number };
  const [row] = await tx
    .insert(domainEvents)
    .values({
      partnersId: data.partnersId ?? null,
      name,
      payload: data,
      dedupeKey: (entry.key as (p: unknown) => string)(data),
    })
    .onConflictDoNothing({ target: domainEvents.dedupeKey })
    .returning({ id: domainEvents.id });
  if (!row) return null;
  const frame = frames.getStore();
  if (frame) frame.ids.push(row.id);
  else if (!(tx instanceof PgTransaction)) {
    // Written outside any transaction: committed already, so it goes now.
    await buses.get(tx)?.dispatch([row.id]);
  }
  // A transaction not opened through the database's `transaction` leaves it to events.dispatch.
  return row.id;
}

// ----------------------------------------------------------------------------------- dispatching

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: RawRow[] }).rows ?? []) as RawRow[];

interface ClaimedEvent {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
}

export interface EventDispatchOptions {
  db: Db;
  config: Config;
  log: JobLogger;
  /** The job queue subscribers send their jobs through (the app's; the job's own in events.dispatch). */
  jobs?: JobSender | undefined;
  subscribers: readonly AnyEventSubscriber[];
  /** Only these events (the ones a transaction just emitted); all due events when omitted. */
  ids?: readonly number[];
  /** How long a claimed event stays ours (OUTBOX_LEASE_SECONDS). */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** The wait before the first retry, doubled for each later one (OUTBOX_RETRY_SECONDS). */
  retryBaseSeconds?: number;
  maxPerRun?: number;
}

export interface EventDispatchSummary {
  dispatched: number;
  retrying: number;
  failed: number;
}

export const EVENT_MAX_ATTEMPTS = 8;

async function claim(db: Db, leaseSeconds: number, ids?: readonly number[]): Promise<ClaimedEvent | null> {
  const only = ids
    ? sql`AND id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = rowsOf(
    await db.execute(sql`
      UPDATE domain_events
         SET attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
       WHERE id IN (
         SELECT id FROM domain_events
          WHERE status = 'pending' AND next_attempt_at <= now()
            AND (lease_until IS NULL OR lease_until < now()) ${only}
          ORDER BY id
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, attempts, created_at`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name),
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: Number(row.attempts),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
  };
}

/** Runs one subscriber for one event unless it ran before: its work and its mark in one transaction. */
async function deliver(
  db: Db,
  subscriber: AnyEventSubscriber,
  event: ClaimedEvent,
  payload: unknown,
  base: Omit<EventContext, 'tx' | 'event'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The mark first: a second dispatcher of the same event waits on it, then finds it taken.
    const [mark] = await tx
      .insert(domainEventDeliveries)
      .values({ eventsId: event.id, subscriber: subscriber.name })
      .onConflictDoNothing()
      .returning({ eventsId: domainEventDeliveries.eventsId });
    if (!mark) return;
    await subscriber.handle(payload, {
      ...base,
      tx,
      event: { id: event.id, name: event.name as EventName, createdAt: event.createdAt },
    });
  });
}

/**
 * Dispatches due events: each claimed under a lease (one at a time, SKIP LOCKED, so several
 * processes share the table), every subscriber of its name run once, then marked done. A failing
 * subscriber leaves the event pending with a backoff (the others' marks stay); after the last
 * attempt it is 'failed'.
 */
export async function dispatchEvents(options: EventDispatchOptions): Promise<EventDispatchSummary> {
  const leaseSeconds = options.leaseSeconds ?? 60;
  const maxAttempts = options.maxAttempts ?? EVENT_MAX_ATTEMPTS;
  const retryBase = options.retryBaseSeconds ?? 30;
  const maxPerRun = options.maxPerRun ?? 200;
  const summary: EventDispatchSummary = { dispatched: 0, retrying: 0, failed: 0 };
  const byEvent = new Map<string, AnyEventSubscriber[]>();
  for (const s of options.subscribers) byEvent.set(s.event, [...(byEvent.get(s.event) ?? []), s]);
  const base = { config: options.config, log: options.log, jobs: options.jobs };
  for (let handled = 0; handled < maxPerRun; handled += 1) {
    const event = await claim(options.db, leaseSeconds, options.ids);
    if (!event) break;
    try {
      const entry = EVENT_CATALOGUE[event.name as EventName];
      if (!entry) throw new Error(`No event is defined with the name ${event.name}.`);
      const payload = entry.payload.parse(event.payload);
      for (const subscriber of byEvent.get(event.name) ?? [])
        await deliver(options.db, subscriber, event, payload, base);
      await options.db.execute(sql`
        UPDATE domain_events SET status = 'done', completed_at = now(), lease_until = NULL, last_error = NULL
         WHERE id = ${event.id}`);
      summary.dispatched += 1;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      options.log.error({ err: error, eventId: event.id, event: event.name }, 'event subscriber failed');
      const givingUp = event.attempts >= maxAttempts;
      const wait = Math.min(retryBase * 2 ** Math.max(0, event.attempts - 1), 6 * 60 * 60);
      await options.db.execute(sql`
        UPDATE domain_events
           SET status = ${givingUp ? 'failed' : 'pending'}, lease_until = NULL, last_error = ${text.slice(0, 2000)},
               next_attempt_at = now() + make_interval(secs => ${wait})
         WHERE id = ${event.id}`);
      summary[givingUp ? 'failed' : 'retrying'] += 1;
    }
  }
  return summary;
}

/**
 * Deletes at most `limit` events done more than `days` days ago, with their subscribers' marks (the
 * daily pruning, decision 066). Pending and failed events stay. Answers how many events it deleted.
 */
export async function deleteDoneEvents(db: Db, days: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    WITH gone AS (
      DELETE FROM domain_events WHERE id IN (
        SELECT id FROM domain_events
         WHERE status = 'done' AND completed_at < now() - make_interval(days => ${days})
         ORDER BY id
         LIMIT ${limit})
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** The events.dispatch job: the safety net that dispatches whatever the prompt dispatch did not. */
export function eventsDispatchJob(subscribers: readonly AnyEventSubscriber[]) {
  return defineJob({
    name: 'events.dispatch',
    payload: z.object({}),
    everySeconds: 5,
    runAtWorkerStart: true,
    handler: async (_payload, ctx) => ({
      ...(await dispatchEvents({
        db: ctx.database.db,
        config: ctx.config,
        log: ctx.log,
        jobs: ctx.jobs,
        subscribers,
        leaseSeconds: ctx.config.OUTBOX_LEASE_SECONDS,
        retryBaseSeconds: ctx.config.OUTBOX_RETRY_SECONDS,
      })),
    }),
  });
}

// ------------------------------------------------------------------------------- prompt dispatch

export interface EventBus {
  /** Dispatches these committed events now (errors are logged; the job retries them). */
  dispatch(ids: readonly number[]): Promise<void>;
}

const PATCHED = Symbol('kinship.events');

/**
 * Dispatches events promptly: every outermost `db.transaction` collects the ids its emits wrote
 * and, once it has committed, dispatches them before it returns, so the caller (a request, a job)
 * sees the subscribers' work done. A failure there never fails the committed write: the event stays
 * pending for the job. Answers the function that removes this bus.
 */
export function installEventBus(db: Db, options: Omit<EventDispatchOptions, 'db' | 'ids'>): () => void {
  const bus: EventBus = {
    dispatch: async (ids) => {
      if (ids.length === 0) return;
      try {
        // Outside the frame: a subscriber's own transaction collects the events it emits.
        await frames.exit(() => dispatchEvents({ ...options, db, ids }));
      } catch (error) {
        options.log.error({ err: error, events: ids }, 'prompt event dispatch failed');
      }
    },
  };
  buses.set(db, bus);
  const patched = db as Db & { [PATCHED]?: true };
  if (!patched[PATCHED]) {
    patched[PATCHED] = true;
    const original = db.transaction.bind(db);
    db.transaction = (async (
      fn: Parameters<Db['transaction']>[0],
      config?: Parameters<Db['transaction']>[1],
    ) => {
      // A transaction opened inside another's callback dispatches with the outermost one.
      if (frames.getStore()) return original(fn, config);
      const current = buses.get(db);
      if (!current) return original(fn, config);
      const frame: Frame = { bus: current, ids: [] };
      const result = await frames.run(frame, () => original(fn, config));
      await frame.bus.dispatch(frame.ids);
      return result;
    }) as Db['transaction'];
  }
  return () => {
    if (buses.get(db) === bus) buses.delete(db);
  };
}
