import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/types.ts';

// The reports' SQL (decision 035). Every report is ONE statement over the payments of a period,
// whatever the number of rows: a sponsorship payment is split over the records of its subscription
// by each line's amount, in whole cents: line k gets floor(amount * upto_k / whole) -
// floor(amount * before_k / whole) (upto and before the running sums of the line amounts), which
// add up to the payment exactly with no window over the payments, which gives every share a
// program and a sponsored type; a donation has neither and is seen by partner-wide viewers only.
// As the shares add up exactly, a payment is split only where the report tells them apart
// (`splitOf`). The shares are summed per group (month, key or donor) first, and the months
// series, the labels and the donors' names join those few rows; a payment is counted once by its
// first share (the first of its subscription's lines the viewer sees, or of those with the
// group's key), not by count(DISTINCT), which sorted every payment (docs/performance.md).

export type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

export async function run(db: Queryable, query: SQL): Promise<Row[]> {
  return rowsOf(await db.execute(query));
}

/** The viewer's reach over shares: every program (and donations), or these programs only. */
export interface ShareFilter {
  /** 'all' for a partner-wide viewer; the program ids of a program-scoped one. */
  entityIds: 'all' | readonly number[];
  /** The report's program filter. */
  entitiesId?: number | undefined;
}

/** The `where` on shares (`alias.entities_id`) for a viewer's scope and the program filter. */
export function shareCondition(filter: ShareFilter, alias = 'a'): SQL {
  const column = sql.raw(`${alias}.entities_id`);
  const parts: SQL[] = [sql`true`];
  if (filter.entityIds !== 'all') {
    parts.push(
      filter.entityIds.length === 0
        ? sql`false`
        : sql`${column} IN (${sql.join(
            filter.entityIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (filter.entitiesId !== undefined) parts.push(sql`${column} = ${filter.entitiesId}`);
  return sql.join(parts, sql` AND `);
}

export interface Period {
  partnersId: number;
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
}

/** Statuses of money received: a refunded payment is counted net of its refunds (zero when whole). */
export const RECEIVED_STATUSES = ['succeeded', 'refunded'] as const;

/** A key the shares are grouped by in the giving-by-type, -program and -fund reports. */
export type ShareKey = 'pst_id' | 'entities_id' | 'fund';

/**
 * A line's group for `key`, as the report groups its shares: the key and, when it is empty, the
 * fund (a line's fund is an initiative for an initiative-type record, else a sponsorship).
 */
function lineGroup(key: ShareKey | undefined): SQL {
  const fund = 'COALESCE(st_id = 4, false)';
  if (key === undefined) return sql.raw('subscriptions_id');
  if (key === 'fund') return sql.raw(`subscriptions_id, ${fund}`);
  return sql.raw(`subscriptions_id, ${key}, CASE WHEN ${key} IS NULL THEN ${fund} END`);
}

/**
 * What a report reads of a share beyond its money: `money` only (by month, by donor, a count),
 * its `fund` too, or its `record` (type or program).
 */
export type ShareNeeds = 'money' | 'fund' | 'record';

export interface SharesOptions {
  /** The payments' statuses. */
  statuses: readonly string[];
  /** Whether the tip (the donor's boost) is counted (the `tip` fee model). */
  tipModel?: boolean;
  filter: ShareFilter;
  /** The report's group key, for `first_of_key`. */
  key?: ShareKey;
  needs: ShareNeeds;
  /**
   * The report groups by month: each payment is read with its date. Otherwise the payments of one
   * subscription (donation, order) with the same amounts are read once, `n` of them, before any
   * join: they have the same shares.
   */
  byMonth?: boolean;
}

/**
 * Which subscriptions' payments are split over their lines. A split's shares add up to the payment
 * exactly (cents and count), so a partner-wide viewer's report that reads only money needs no
 * split at all, one by fund splits only the subscriptions with a line of an initiative-type
 * record (the others are sponsorship whole), and any other report (by type or program, or a
 * program-scoped viewer's) splits every payment.
 */
function splitOf(filter: ShareFilter, needs: ShareNeeds): 'none' | 'initiative' | 'all' {
  const partnerWide = filter.entityIds === 'all' && filter.entitiesId === undefined;
  if (!partnerWide || needs === 'record') return 'all';
  return needs === 'fund' ? 'initiative' : 'none';
}

/**
 * The CTEs `pay` (the period's payments with their fund, donor and tip; `n` alike payments in one
 * row unless `byMonth`), `lines` (each line's running share of its subscription, of the lines the
 * viewer sees) and `alloc`: one row per share of `n` payments the viewer sees (`filter`) with
 * `n, created_at, users_id, donor_email, donor_first, donor_last, fund, entities_id, pst_id, gross,
 * refunded, fee, tip` (cents, for the `n` payments), and `first_share` (the payments' first share
 * the viewer sees: sum `n` of these to count payments) and `first_of_key` (their first share with
 * its `key` group, the same as `first_share` without a key).
 */
export function sharesCte(period: Period, options: SharesOptions): SQL {
  const { statuses, tipModel = false, filter, key, byMonth = false } = options;
  const statusList = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const split = splitOf(filter, options.needs);
  // Whole subscriptions, so that a split subscription's running sums hold all its lines.
  const onlyInitiatives =
    split === 'initiative'
      ? sql` AND us.subscriptions_id IN (SELECT i.subscriptions_id FROM user_sponsoreds i
        JOIN sponsoreds si ON si.id = i.sponsoreds_id
        WHERE i.partners_id = ${period.partnersId} AND si.sponsored_types_id = 4)`
      : sql``;
  const tip = tipModel
    ? sql`LEAST(p.amount, CASE WHEN p.subscriptions_id IS NOT NULL THEN COALESCE(sub.additional_amount, 0) ELSE COALESCE(o.additional_amount, 0) END)`
    : sql`0`;
  const period_ = sql`p.partners_id = ${period.partnersId} AND p.status IN (${statusList})
    AND p.created_at >= ${period.from.toISOString()}::timestamptz AND p.created_at < ${period.to.toISOString()}::timestamptz`;
  // Grouped on the payments table's own columns, whose statistics let PostgreSQL hash it.
  const paid = byMonth
    ? sql``
    : sql`paid AS (
  SELECT p.subscriptions_id, p.donations_id, p.orders_id, p.amount, p.refunded_amount, p.application_fee,
    count(*)::bigint AS n
  FROM payments p WHERE ${period_}
  GROUP BY p.subscriptions_id, p.donations_id, p.orders_id, p.amount, p.refunded_amount, p.application_fee
),
`;
  return sql`
WITH ${paid}pay AS (
  SELECT ${byMonth ? sql`p.created_at, 1::bigint AS n` : sql`NULL::timestamptz AS created_at, p.n`}, p.amount::bigint AS amount, p.refunded_amount::bigint AS refunded_amount,
    p.application_fee::bigint AS application_fee, (${tip})::bigint AS tip_amount, p.subscriptions_id,
    COALESCE(sub.users_id, d.users_id, o.users_id) AS users_id,
    d.email AS donor_email, d.first_name AS donor_first, d.last_name AS donor_last,
    CASE WHEN p.subscriptions_id IS NOT NULL THEN 'sponsorship'
         WHEN d.id IS NOT NULL AND COALESCE(btrim(d.initiative), '') <> '' THEN 'initiative'
         WHEN d.id IS NOT NULL THEN 'general'
         ELSE 'gift' END AS fund
  FROM ${byMonth ? sql`payments p` : sql`paid p`}
  LEFT JOIN subscriptions sub ON sub.id = p.subscriptions_id
  LEFT JOIN donations d ON d.id = p.donations_id
  LEFT JOIN orders o ON o.id = p.orders_id
  ${byMonth ? sql`WHERE ${period_}` : sql``}
),
${
  split === 'none'
    ? sql`alloc AS (
  SELECT pay.n, pay.created_at, pay.users_id, pay.donor_email, pay.donor_first, pay.donor_last,
    NULL::int AS entities_id, NULL::int AS pst_id, pay.fund, pay.n * pay.amount AS gross,
    pay.n * pay.refunded_amount AS refunded, pay.n * pay.application_fee AS fee, pay.n * pay.tip_amount AS tip,
    true AS first_share, true AS first_of_key
  FROM pay
)`
    : sql`lines AS (
  -- The running sums are over all of a subscription's lines (so a share is the same cents for
  -- every viewer); the viewer's filter then keeps their lines, and numbers them for the counts.
  SELECT subscriptions_id, entities_id, pst_id, st_id,
    CASE WHEN total > 0 THEN cum ELSE rn END AS upto,
    CASE WHEN total > 0 THEN cum - weight ELSE rn - 1 END AS before,
    CASE WHEN total > 0 THEN total ELSE cnt END AS whole,
    row_number() OVER (PARTITION BY subscriptions_id ORDER BY id) = 1 AS first_share,
    row_number() OVER (PARTITION BY ${lineGroup(key)} ORDER BY id) = 1 AS first_of_key
  FROM (
    SELECT us.id, us.subscriptions_id, s.entities_id, s.partner_sponsored_types_id AS pst_id, s.sponsored_types_id AS st_id,
      GREATEST(us.amount, 0)::bigint AS weight,
      row_number() OVER w AS rn,
      (sum(GREATEST(us.amount, 0)::bigint) OVER w)::bigint AS cum,
      (sum(GREATEST(us.amount, 0)::bigint) OVER (PARTITION BY us.subscriptions_id))::bigint AS total,
      count(*) OVER (PARTITION BY us.subscriptions_id) AS cnt
    FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id
    -- Every subscription line of the partner (not only those paid in the period): \`pay\` is then
    -- referenced once, so PostgreSQL inlines it instead of materialising 200,000 rows first.
    WHERE us.partners_id = ${period.partnersId} AND us.subscriptions_id IS NOT NULL${onlyInitiatives}
    WINDOW w AS (PARTITION BY us.subscriptions_id ORDER BY us.id ROWS UNBOUNDED PRECEDING)
  ) ordered
  WHERE ${shareCondition(filter, 'ordered')}
),
alloc AS (
  SELECT pay.n, pay.created_at, pay.users_id, pay.donor_email, pay.donor_first, pay.donor_last,
    l.entities_id, l.pst_id,
    CASE WHEN pay.fund = 'sponsorship' AND l.st_id = 4 THEN 'initiative' ELSE pay.fund END AS fund,
    pay.n * CASE WHEN l.whole IS NULL THEN pay.amount
      ELSE pay.amount * l.upto / l.whole - pay.amount * l.before / l.whole END AS gross,
    pay.n * CASE WHEN l.whole IS NULL THEN pay.refunded_amount
      ELSE pay.refunded_amount * l.upto / l.whole - pay.refunded_amount * l.before / l.whole END AS refunded,
    pay.n * CASE WHEN l.whole IS NULL THEN pay.application_fee
      ELSE pay.application_fee * l.upto / l.whole - pay.application_fee * l.before / l.whole END AS fee,
    pay.n * CASE WHEN l.whole IS NULL THEN pay.tip_amount
      ELSE pay.tip_amount * l.upto / l.whole - pay.tip_amount * l.before / l.whole END AS tip,
    COALESCE(l.first_share, true) AS first_share,
    COALESCE(l.first_of_key, true) AS first_of_key
  FROM pay LEFT JOIN lines l ON l.subscriptions_id = pay.subscriptions_id
  -- A payment with no line the viewer sees is one share with no program: partner-wide only.
  WHERE ${shareCondition(filter, 'l')}
)`
}`;
}

/** Sums of grouped rows (`g.gross`, `g.refunded`): the money columns of a report's row. */
const money = sql.raw(`COALESCE(sum(g.gross), 0)::bigint AS gross,
  COALESCE(sum(g.refunded), 0)::bigint AS refunded,
  COALESCE(sum(g.gross - g.refunded), 0)::bigint AS net`);

/** The months `YYYY-MM` from the period's start to its (exclusive) end, as a CTE `months(m)`. */
function monthsCte(period: Period): SQL {
  return sql`months AS (
  SELECT generate_series(
    date_trunc('month', ${period.from.toISOString()}::timestamptz AT TIME ZONE 'UTC'),
    date_trunc('month', (${period.to.toISOString()}::timestamptz - interval '1 millisecond') AT TIME ZONE 'UTC'),
    interval '1 month') AS m
)`;
}

const monthOf = sql.raw(`date_trunc('month', a.created_at AT TIME ZONE 'UTC')`);

/** Giving by month (fees and tips too), with a totals row (`is_total`). */
export function givingByMonthQuery(period: Period, filter: ShareFilter, tipModel: boolean): SQL {
  return sql`${sharesCte(period, {
    statuses: RECEIVED_STATUSES,
    tipModel,
    filter,
    needs: 'money',
    byMonth: true,
  })},
${monthsCte(period)},
by_month AS (
  SELECT ${monthOf} AS m, sum(a.gross) AS gross, sum(a.refunded) AS refunded, sum(a.fee) AS fees,
    sum(a.tip) AS tips, sum(a.n) FILTER (WHERE a.first_share) AS payments
  FROM alloc a GROUP BY 1
)
SELECT to_char(months.m, 'YYYY-MM') AS month, GROUPING(months.m) = 1 AS is_total, ${money},
  COALESCE(sum(g.payments), 0)::int AS payments,
  COALESCE(sum(g.fees), 0)::bigint AS fees, COALESCE(sum(g.tips), 0)::bigint AS tips
FROM months LEFT JOIN by_month g ON g.m = months.m
GROUP BY GROUPING SETS ((months.m), ())
ORDER BY GROUPING(months.m), months.m`;
}

/** Giving grouped by one key of the share (`pst_id`, `entities_id` or `fund`), with a totals row. */
export function givingByKeyQuery(period: Period, filter: ShareFilter, key: ShareKey): SQL {
  const column = sql.raw(`a.${key}`);
  // Shares with no type or program are told apart by their fund (general donations, initiatives).
  const second = key === 'fund' ? sql.raw(`a.fund`) : sql.raw(`CASE WHEN a.${key} IS NULL THEN a.fund END`);
  // A payment counts once in each of its groups, and once in the totals row.
  return sql`${sharesCte(period, {
    statuses: RECEIVED_STATUSES,
    filter,
    key,
    needs: key === 'fund' ? 'fund' : 'record',
  })},
by_key AS (
  SELECT ${column} AS key, ${second} AS fund_key, sum(a.gross) AS gross, sum(a.refunded) AS refunded,
    sum(a.n) FILTER (WHERE a.first_of_key) AS payments, sum(a.n) FILTER (WHERE a.first_share) AS first_payments
  FROM alloc a GROUP BY 1, 2
)
SELECT g.key, g.fund_key, GROUPING(g.key) = 1 AS is_total, ${money},
  COALESCE(CASE WHEN GROUPING(g.key) = 1 THEN sum(g.first_payments) ELSE sum(g.payments) END, 0)::int AS payments
FROM by_key g
GROUP BY GROUPING SETS ((g.key, g.fund_key), ())
ORDER BY GROUPING(g.key), net DESC, g.key, g.fund_key`;
}

/** What each donor gave in the period (a person by account, a guest by email), with a totals row. */
export function donorTotalsQuery(period: Period, filter: ShareFilter): SQL {
  // Grouped by account (or a guest's email) first; the names join the donors, not their payments.
  return sql`${sharesCte(period, { statuses: RECEIVED_STATUSES, filter, needs: 'money' })},
by_donor AS (
  SELECT a.users_id, CASE WHEN a.users_id IS NULL THEN lower(a.donor_email) END AS guest_email,
    max(NULLIF(btrim(concat_ws(' ', a.donor_first, a.donor_last)), '')) AS given_name,
    max(a.donor_email) AS given_email, sum(a.gross) AS gross, sum(a.refunded) AS refunded,
    sum(a.n) FILTER (WHERE a.first_share) AS payments
  FROM alloc a GROUP BY 1, 2
),
donor AS (
  SELECT COALESCE('u' || d.users_id::text, 'e' || d.guest_email, 'anonymous') AS donor_key,
    COALESCE(NULLIF(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), d.given_name) AS donor,
    COALESCE(u.email, d.given_email) AS email, d.gross, d.refunded, d.payments
  FROM by_donor d LEFT JOIN users u ON u.id = d.users_id
)
SELECT g.donor_key, false AS is_total, g.donor, g.email, g.gross::bigint AS gross, g.refunded::bigint AS refunded,
  (g.gross - g.refunded)::bigint AS net, g.payments::int AS payments
FROM donor g
UNION ALL
SELECT NULL, true, max(g.donor), max(g.email), ${money}, COALESCE(sum(g.payments), 0)::int FROM donor g
ORDER BY is_total, net DESC, donor_key`;
}

/** New and lost sponsors by month: a person's first sponsorship start, and the end of their last. */
export function churnQuery(period: Period, filter: ShareFilter): SQL {
  return sql`WITH lines AS (
  SELECT us.users_id, us.date_started, us.date_ended, s.entities_id
  FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id
  WHERE us.partners_id = ${period.partnersId} AND ${shareCondition(filter, 's')}
),
people AS (
  SELECT users_id, min(date_started) AS first_start, bool_or(date_ended IS NULL) AS active, max(date_ended) AS last_end
  FROM lines GROUP BY users_id
),
events AS (
  SELECT date_trunc('month', first_start AT TIME ZONE 'UTC') AS m, 1 AS gained, 0 AS lost, 0 AS started, 0 AS ended
    FROM people WHERE first_start >= ${period.from.toISOString()}::timestamptz AND first_start < ${period.to.toISOString()}::timestamptz
  UNION ALL
  SELECT date_trunc('month', last_end AT TIME ZONE 'UTC'), 0, 1, 0, 0
    FROM people WHERE NOT active AND last_end >= ${period.from.toISOString()}::timestamptz AND last_end < ${period.to.toISOString()}::timestamptz
  UNION ALL
  SELECT date_trunc('month', date_started AT TIME ZONE 'UTC'), 0, 0, 1, 0
    FROM lines WHERE date_started >= ${period.from.toISOString()}::timestamptz AND date_started < ${period.to.toISOString()}::timestamptz
  UNION ALL
  SELECT date_trunc('month', date_ended AT TIME ZONE 'UTC'), 0, 0, 0, 1
    FROM lines WHERE date_ended >= ${period.from.toISOString()}::timestamptz AND date_ended < ${period.to.toISOString()}::timestamptz
),
${monthsCte(period)}
SELECT to_char(months.m, 'YYYY-MM') AS month, GROUPING(months.m) = 1 AS is_total,
  COALESCE(sum(e.gained), 0)::int AS new_sponsors, COALESCE(sum(e.lost), 0)::int AS lost_sponsors,
  COALESCE(sum(e.started), 0)::int AS started, COALESCE(sum(e.ended), 0)::int AS ended
FROM months LEFT JOIN events e ON e.m = months.m
GROUP BY GROUPING SETS ((months.m), ())
ORDER BY GROUPING(months.m), months.m`;
}

/** The partner's sponsored types and programs by id, for the reports' labels. */
export function labelsQuery(partnersId: number): SQL {
  return sql`SELECT 'type' AS kind, id, custom_label_plural AS label FROM partner_sponsored_types WHERE partners_id = ${partnersId}
UNION ALL SELECT 'program', id, name FROM entities WHERE partners_id = ${partnersId}`;
}

// ------------------------------------------------------------------------------------ overview

/** Records sponsored and waiting, per type, with the type's label (one statement). */
export function recordsPerTypeQuery(partnersId: number, filter: ShareFilter): SQL {
  return sql`SELECT t.id, t.custom_label_plural AS label, t.sort_order,
  count(s.id) FILTER (WHERE s.slots_filled > 0)::int AS sponsored,
  count(s.id) FILTER (WHERE s.slots_filled = 0 AND s.status = 'active')::int AS waiting
FROM partner_sponsored_types t
LEFT JOIN sponsoreds s ON s.partner_sponsored_types_id = t.id AND s.partners_id = t.partners_id AND ${shareCondition(filter, 's')}
WHERE t.partners_id = ${partnersId} AND t.active
GROUP BY t.id, t.custom_label_plural, t.sort_order
ORDER BY t.sort_order, t.id`;
}

/** Active sponsorships, their monthly recurring amount, and sponsors new since `since` (one statement). */
export function sponsorshipFiguresQuery(partnersId: number, filter: ShareFilter, since: Date): SQL {
  return sql`WITH lines AS (
  SELECT us.*, sub.status AS sub_status
  FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id
  LEFT JOIN subscriptions sub ON sub.id = us.subscriptions_id
  WHERE us.partners_id = ${partnersId} AND ${shareCondition(filter, 's')}
),
firsts AS (SELECT users_id, min(date_started) AS first_start FROM lines GROUP BY users_id)
SELECT
  (SELECT count(*) FROM lines WHERE date_ended IS NULL)::int AS active,
  (SELECT COALESCE(sum(CASE WHEN interval = 'year' THEN round(amount / 12.0) ELSE amount END), 0)
     FROM lines WHERE date_ended IS NULL AND subscriptions_id IS NOT NULL AND sub_status IN ('active', 'past_due'))::bigint AS monthly,
  (SELECT count(*) FROM firsts WHERE first_start >= ${since.toISOString()}::timestamptz)::int AS new_sponsors`;
}

/** Net giving by month and fund over the period (one statement): the overview's figures and charts. */
export function overviewGivingQuery(period: Period, filter: ShareFilter): SQL {
  return sql`${sharesCte(period, { statuses: RECEIVED_STATUSES, filter, needs: 'fund', byMonth: true })},
by_month AS (
  SELECT ${monthOf} AS m, a.fund, sum(a.gross - a.refunded) AS net FROM alloc a GROUP BY 1, 2
)
SELECT to_char(g.m, 'YYYY-MM') AS month, g.fund, COALESCE(g.net, 0)::bigint AS net FROM by_month g`;
}

/** Failed payments since `since` that the viewer sees (one statement). */
export function failedPaymentsQuery(period: Period, filter: ShareFilter): SQL {
  return sql`${sharesCte(period, { statuses: ['failed'], filter, needs: 'money' })}
SELECT COALESCE(sum(a.n) FILTER (WHERE a.first_share), 0)::int AS failed FROM alloc a`;
}

// ------------------------------------------------------------------------------------ year-end run

/** The donors of a year at a partner (by account, or by email for a guest), with where to write. */
export function yearDonorsQuery(partnersId: number, from: Date, to: Date): SQL {
  return sql`SELECT DISTINCT ON (donor_key) donor_key, users_id, email, first_name, last_name FROM (
  SELECT COALESCE('u' || u.id::text, 'e' || lower(d.email)) AS donor_key, u.id AS users_id,
    COALESCE(u.email, d.email) AS email, COALESCE(u.first_name, d.first_name) AS first_name,
    COALESCE(u.last_name, d.last_name) AS last_name
  FROM payments p
  LEFT JOIN subscriptions sub ON sub.id = p.subscriptions_id
  LEFT JOIN donations d ON d.id = p.donations_id
  LEFT JOIN orders o ON o.id = p.orders_id
  LEFT JOIN users u ON u.id = COALESCE(sub.users_id, d.users_id, o.users_id)
  WHERE p.partners_id = ${partnersId} AND p.status IN ('succeeded', 'refunded')
    AND p.created_at >= ${from.toISOString()}::timestamptz AND p.created_at < ${to.toISOString()}::timestamptz
) donors WHERE email IS NOT NULL AND email <> ''
ORDER BY donor_key`;
}

/** The latest year-end run of a partner: its tracked job's progress, and its year from the audit row. */
export function latestRunQuery(partnersId: number, jobName: string): SQL {
  return sql`SELECT j.id, j.state, j.done, j.total, j.message, j.created_at,
  (SELECT (l.changes->'year'->>'after')::int FROM audit_log l
    WHERE l.entity_type = 'year_end_run' AND l.entity_id = j.id::text LIMIT 1) AS year
FROM job_progress j
WHERE j.partners_id = ${partnersId} AND j.name = ${jobName}
ORDER BY j.created_at DESC LIMIT 1`;
}
