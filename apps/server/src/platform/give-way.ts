import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Long jobs (a records import, the year-end receipts run, update distribution, plan re-pricing)
 * share the database with the requests people are waiting on. On PGlite there is one connection: a
 * transaction holds it and every query of every request waits. So a long job works in short
 * transactions (a few hundred rows, or a time budget, whichever comes first) and gives way between
 * them (decision 053): it pauses briefly, then keeps waiting while this process still has requests
 * in flight, at most YIELD_FACTOR times as long as its last transaction took. A queued request gets
 * the connection within one short transaction, and a job under steady traffic still gets about a
 * third of the time (decision 058: at half, nearly every listing call met a job's transaction).
 */

/** A transaction of a long job stops taking rows after this long (it always takes one). */
export const BATCH_BUDGET_MS = 40;
/** While requests are in flight, a job waits up to this many times its last transaction's time. */
export const YIELD_FACTOR = 2;
/** The shortest pause between two transactions of a long job. */
export const MIN_PAUSE_MS = 2;

let inFlight = 0;

/** Counts this process's requests from arrival until their response is closed (sent or aborted). */
export function trackRequestsInFlight(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    inFlight++;
    let ended = false;
    reply.raw.once('close', () => {
      if (!ended) inFlight--;
      ended = true;
    });
  });
}

/** Requests of this process still being answered (read by the tests and the bench). */
export function requestsInFlight(): number {
  return inFlight;
}

/**
 * Between two transactions of a long job: a short pause (queued queries take the connection), then
 * more while requests are in flight, up to YIELD_FACTOR times `busyMs` (the time the last
 * transaction held it).
 */
export async function giveWay(busyMs: number): Promise<void> {
  await sleep(MIN_PAUSE_MS);
  const until = Date.now() + YIELD_FACTOR * Math.max(0, busyMs);
  while (inFlight > 0 && Date.now() < until) await sleep(2);
}

/** A clock for one batch: true once the batch has run past its budget. */
export function batchClock(budgetMs: number = BATCH_BUDGET_MS) {
  const started = Date.now();
  return {
    spent: () => Date.now() - started >= budgetMs,
    elapsed: () => Date.now() - started,
  };
}

/**
 * A cleanup of a large table in short statements: `deleteBatch(limit)` deletes at most `limit` rows
 * and answers how many; batches run, giving way between them, until one comes back short. Answers
 * the rows deleted in all.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const clock = batchClock();
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
    await giveWay(clock.elapsed());
  }
}
