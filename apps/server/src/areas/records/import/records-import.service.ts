import {
  duplicateCodeErrors,
  guessColumnMapping,
  importFieldsFor,
  mappingProblems,
  validateImportRow,
  ERRORS,
  type ColumnMapping,
  type DateOrder,
  type ImportField,
  type ImportedRecord,
  type ImportRowError,
} from '@kinship/domain';
import type { Db, Tx } from '../../../db/client.ts';
import type { sponsoreds } from '../../../db/schema/sponsoreds.ts';
import { badRequest, refuse } from '../../../platform/errors.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import { BATCH_BUDGET_MS, batchClock, giveWay } from '../../../platform/give-way.ts';
import { findRecordType, type RecordType } from '../editor/records.service.ts';
import { IMPORT_FILE_LIMITS, readImportFile, type ImportFileLimits } from './import-file.ts';
import {
  findPrograms,
  findRecordsByCodes,
  insertRecord,
  insertRecords,
  updateRecord,
  writeCustomValues,
  writeManyCustomValues,
  type ExistingRecord,
} from './records-import.repository.ts';

// Bulk import of records (issue 12, item 6): a dry run that answers every row's errors and what
// would happen, and the import itself, in one transaction per batch so good rows land even when
// some are bad. Records are matched by (partner, code): importing the same file again updates
// nothing and reports every row unchanged. The caller checks the viewer's access first and hands
// over the programs the viewer may write (`programScope`); a job runner passes `onProgress`.

export interface ImportRequest {
  db: Db;
  partnersId: number;
  partnerSponsoredTypesId: number;
  file: { name: string; bytes: Buffer };
  /** Column index -> field; omitted means the guess from the headers (and `remembered`). */
  mapping?: ColumnMapping;
  /** The mapping the partner chose last time (normalised header -> field key). */
  remembered?: Record<string, string>;
  dateOrder?: DateOrder;
  /** The programs the importer may write to; null or omitted: all the partner's programs. */
  programScope?: readonly number[] | null;
  /** The program of a new record whose row names none (a partner with one program needs none). */
  defaultEntitiesId?: number;
  /** `YYYY-MM-DD`; default today (UTC). */
  today?: string;
  limits?: ImportFileLimits;
}

export interface ImportCounts {
  /** Data rows in the file (blank rows aside). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows with at least one error: they are left out, the others land. */
  failed: number;
}

export interface ImportResult {
  headers: string[];
  mapping: ColumnMapping;
  fields: ImportField[];
  counts: ImportCounts;
  errors: ImportRowError[];
}

/** Rows written per transaction at most (decisions 053 and 058). */
export const IMPORT_BATCH_SIZE = 100;
/** Rows of a first batch, before the import knows what a row costs on this database. */
const FIRST_BATCH_SIZE = 25;

interface Prepared {
  type: RecordType;
  headers: string[];
  mapping: ColumnMapping;
  fields: ImportField[];
  programs: { id: number; name: string }[];
  rows: number;
  records: ImportedRecord[];
  errors: ImportRowError[];
}

async function prepare(request: ImportRequest): Promise<Prepared> {
  const type = await findRecordType(request.db, request.partnersId, request.partnerSponsoredTypesId);
  if (!type) throw refuse(ERRORS.TYPE_NOT_FOUND, 'This sponsored type does not exist for this partner.');
  const sheet = await readImportFile(
    request.file.name,
    request.file.bytes,
    request.limits ?? IMPORT_FILE_LIMITS,
  );
  const fields = importFieldsFor(type.sponsoredTypesId, type.customColumns);
  const mapping = request.mapping ?? guessColumnMapping(sheet.headers, fields, request.remembered);
  if (mapping.length > sheet.headers.length) throw badRequest('The mapping has more columns than the file.');
  const problems = mappingProblems(fields, mapping);
  if (problems.length > 0) throw badRequest(problems.join(' '));
  const programs = await findPrograms(request.db, request.partnersId);
  const context = {
    fields,
    headers: sheet.headers,
    mapping,
    programs,
    dateOrder: request.dateOrder ?? 'mdy',
    today: request.today ?? new Date().toISOString().slice(0, 10),
    cleanHtml: sanitizeRichText,
  };
  const records: ImportedRecord[] = [];
  const errors: ImportRowError[] = [];
  // A 20,000-row file is checked in slices of BATCH_BUDGET_MS, so requests are answered meanwhile.
  let slice = batchClock();
  for (const { row, cells } of sheet.rows) {
    if (slice.spent()) {
      await giveWay(slice.elapsed());
      slice = batchClock();
    }
    const result = validateImportRow(row, cells, context);
    if (result.ok) records.push(result.record);
    else errors.push(...result.errors);
  }
  const codeColumn = sheet.headers[mapping.indexOf('code')] ?? 'Code';
  const duplicates = duplicateCodeErrors(records, codeColumn);
  const duplicateRows = new Set(duplicates.map((e) => e.row));
  errors.push(...duplicates);
  return {
    type,
    headers: sheet.headers,
    mapping,
    fields,
    programs,
    rows: sheet.rows.length,
    records: records.filter((r) => !duplicateRows.has(r.row)),
    errors,
  };
}

type Decision =
  | { action: 'create'; values: typeof sponsoreds.$inferInsert; custom: Record<string, string | null> }
  | {
      action: 'update';
      id: number;
      set: Partial<typeof sponsoreds.$inferInsert>;
      custom: Record<string, string | null>;
    }
  | { action: 'unchanged' }
  | { action: 'error'; error: ImportRowError };

const FIELD_COLUMNS = [
  'firstName',
  'lastName',
  'gender',
  'birthday',
  'gradesId',
  'homeroom',
  'title',
  'bio',
  'entitiesId',
  'status',
  'monthlyAmount',
  'maxSlots',
  'masked',
  'showBirthday',
  'showAge',
  'showLastName',
] as const;

/** What one valid row does to the record holding its code (or to none). */
function decide(
  record: ImportedRecord,
  existing: ExistingRecord | undefined,
  prepared: Prepared,
  request: ImportRequest,
): Decision {
  const column = (key: string) =>
    prepared.headers[prepared.mapping.indexOf(key as never)] ??
    prepared.fields.find((field) => field.key === key)?.label ??
    key;
  const error = (key: string, value: string, reason: string): Decision => ({
    action: 'error',
    error: { row: record.row, column: column(key), value, reason },
  });
  const scope = request.programScope ?? null;
  const programName = (id: number) => prepared.programs.find((p) => p.id === id)?.name ?? String(id);
  const f = record.fields;
  if (f.entitiesId !== undefined && scope !== null && !scope.includes(f.entitiesId)) {
    return error(
      'program',
      programName(f.entitiesId),
      `You cannot add or move records to ${programName(f.entitiesId)}.`,
    );
  }
  if (!existing) {
    const entitiesId =
      f.entitiesId ??
      request.defaultEntitiesId ??
      (prepared.programs.length === 1 ? prepared.programs[0]!.id : undefined);
    if (entitiesId === undefined) return error('program', '', 'A new record needs a program.');
    if (scope !== null && !scope.includes(entitiesId)) {
      return error(
        'program',
        programName(entitiesId),
        `You cannot add records to ${programName(entitiesId)}.`,
      );
    }
    const status = f.status ?? 'active';
    return {
      action: 'create',
      values: {
        partnersId: request.partnersId,
        partnerSponsoredTypesId: prepared.type.id,
        sponsoredTypesId: prepared.type.sponsoredTypesId,
        code: record.code,
        ...f,
        entitiesId,
        status,
        active: status === 'active' || status === 'reserved',
        maxSlots: f.maxSlots ?? prepared.type.maxSlots,
        masked: f.masked ?? prepared.type.maskProfiles,
      },
      custom: Object.fromEntries(Object.entries(record.customColumnValues).filter(([, v]) => v !== null)),
    };
  }
  if (existing.partnerSponsoredTypesId !== prepared.type.id) {
    return error('code', record.code, `Code ${record.code} belongs to a record of another type.`);
  }
  if (scope !== null && !scope.includes(existing.entitiesId)) {
    return error('code', record.code, `Record ${record.code} is in a program you do not manage.`);
  }
  if (f.maxSlots !== undefined && f.maxSlots < existing.slotsFilled) {
    return error(
      'maxSlots',
      String(f.maxSlots),
      `Max Slots cannot be below the ${existing.slotsFilled} sponsors record ${record.code} has.`,
    );
  }
  const set: Partial<typeof sponsoreds.$inferInsert> = {};
  for (const key of FIELD_COLUMNS) {
    const value = f[key];
    if (value !== undefined && value !== existing[key]) (set as Record<string, unknown>)[key] = value;
  }
  if (set.status !== undefined) set.active = set.status === 'active' || set.status === 'reserved';
  const custom: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(record.customColumnValues)) {
    if ((existing.customColumnValues[name] ?? null) !== value) custom[name] = value;
  }
  if (Object.keys(set).length === 0 && Object.keys(custom).length === 0) return { action: 'unchanged' };
  return { action: 'update', id: existing.id, set, custom };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function emptyCounts(rows: number): ImportCounts {
  return { rows, created: 0, updated: 0, unchanged: 0, failed: 0 };
}

function finish(prepared: Prepared, counts: ImportCounts, errors: ImportRowError[]): ImportResult {
  errors.sort((a, b) => a.row - b.row);
  counts.failed = new Set(errors.map((e) => e.row)).size;
  return { headers: prepared.headers, mapping: prepared.mapping, fields: prepared.fields, counts, errors };
}

/** Reads, maps and checks the file against the database without writing: what the import would do. */
export async function dryRunImport(request: ImportRequest): Promise<ImportResult> {
  const prepared = await prepare(request);
  const counts = emptyCounts(prepared.rows);
  const errors = [...prepared.errors];
  for (const batch of chunks(prepared.records, 1000)) {
    const existing = await findRecordsByCodes(
      request.db,
      request.partnersId,
      batch.map((r) => r.code),
    );
    for (const record of batch) {
      const decision = decide(record, existing.get(record.code), prepared, request);
      if (decision.action === 'error') errors.push(decision.error);
      else if (decision.action === 'create') counts.created++;
      else if (decision.action === 'update') counts.updated++;
      else counts.unchanged++;
    }
  }
  return finish(prepared, counts, errors);
}

async function applyDecision(tx: Tx, partnersId: number, decision: Decision): Promise<void> {
  if (decision.action === 'create') {
    const id = await insertRecord(tx, decision.values);
    await writeCustomValues(tx, id, decision.custom);
  } else if (decision.action === 'update') {
    if (Object.keys(decision.set).length > 0) await updateRecord(tx, partnersId, decision.id, decision.set);
    await writeCustomValues(tx, decision.id, decision.custom);
  }
}

/**
 * Where an import got to: rows done (of the valid rows, in file order), the counts and the errors
 * of the rows written so far. Saved in the transaction of each batch, so a run that dies mid-way
 * is continued by its retry from the last committed batch, neither writing a row twice nor
 * counting it twice (decision 053).
 */
export interface ImportCheckpoint {
  done: number;
  counts: { created: number; updated: number; unchanged: number };
  errors: ImportRowError[];
}

export interface ApplyImportRequest extends ImportRequest {
  /** Reported after each batch that takes at least `progressEveryMs` since the last report, and at the end. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  progressEveryMs?: number;
  /** A previous run's checkpoint of this same file and mapping: the import continues after it. */
  resumeFrom?: ImportCheckpoint | null;
  /** Writes the checkpoint in the batch's own transaction (a job keeps it on its import row). */
  saveCheckpoint?: (tx: Tx, checkpoint: ImportCheckpoint) => Promise<void>;
  /** Rows a batch reads and locks at most (default IMPORT_BATCH_SIZE). */
  batchSize?: number;
  /**
   * A batch takes the rows the last one's cost per row says fit in this many milliseconds (it
   * always takes one, and at most twice the last batch's rows).
   */
  batchBudgetMs?: number;
  /** Called after each committed batch, before the import gives way (tests count batches). */
  onBatch?: (rows: number) => void;
}

/**
 * Imports the file: every valid row lands, in short transactions (at most `batchSize` rows, sized
 * so a batch takes about `batchBudgetMs`). A batch decides every row against the records it locked,
 * then writes them set-based (one INSERT for the new records, one for their custom values, an
 * UPDATE per changed record) in one savepoint. Should the database refuse any of it (a value out of
 * range, a code another import created meanwhile), that savepoint is rolled back and the batch is
 * written again row by row, each row in its own savepoint, so the refused row is reported and its
 * neighbours still land. Between two transactions the import gives way to the requests waiting for
 * the database (platform/give-way.ts, decision 053).
 */
export async function applyImport(request: ApplyImportRequest): Promise<ImportResult> {
  const prepared = await prepare(request);
  const resumed = request.resumeFrom ?? null;
  const counts = emptyCounts(prepared.rows);
  const batchErrors: ImportRowError[] = [...(resumed?.errors ?? [])];
  if (resumed) {
    counts.created = resumed.counts.created;
    counts.updated = resumed.counts.updated;
    counts.unchanged = resumed.counts.unchanged;
  }
  const total = prepared.records.length;
  const batchSize = request.batchSize ?? IMPORT_BATCH_SIZE;
  const budgetMs = request.batchBudgetMs ?? BATCH_BUDGET_MS;
  // Batches are short now (decision 058): a 1,500-row import can be over in about a second, so
  // the bar is fed four times a second for the wizard's one-second polls to see it move.
  const progressEveryMs = request.progressEveryMs ?? 250;
  let done = Math.min(resumed?.done ?? 0, total);
  let reportedAt = Date.now();
  await request.onProgress?.(done, total);
  let size = nextBatchSize(batchSize, budgetMs, null);
  while (done < total) {
    const batch = prepared.records.slice(done, done + size);
    const clock = batchClock(budgetMs);
    const outcome = await request.db.transaction(async (tx) => {
      const batchCounts = { created: 0, updated: 0, unchanged: 0 };
      const errors: ImportRowError[] = [];
      const existing = await findRecordsByCodes(
        tx,
        request.partnersId,
        batch.map((r) => r.code),
        { lock: true },
      );
      for (const decision of await writeBatch(tx, batch, existing, prepared, request)) {
        if (decision.action === 'error') errors.push(decision.error);
        else if (decision.action === 'create') batchCounts.created++;
        else if (decision.action === 'update') batchCounts.updated++;
        else batchCounts.unchanged++;
      }
      await request.saveCheckpoint?.(tx, {
        done: done + batch.length,
        counts: {
          created: counts.created + batchCounts.created,
          updated: counts.updated + batchCounts.updated,
          unchanged: counts.unchanged + batchCounts.unchanged,
        },
        errors: [...batchErrors, ...errors],
      });
      return { taken: batch.length, batchCounts, errors };
    });
    counts.created += outcome.batchCounts.created;
    counts.updated += outcome.batchCounts.updated;
    counts.unchanged += outcome.batchCounts.unchanged;
    batchErrors.push(...outcome.errors);
    done += outcome.taken;
    const busyMs = clock.elapsed();
    size = nextBatchSize(batchSize, budgetMs, { rows: outcome.taken, ms: busyMs });
    request.onBatch?.(outcome.taken);
    if (done === total || Date.now() - reportedAt >= progressEveryMs) {
      reportedAt = Date.now();
      await request.onProgress?.(done, total);
    }
    if (done < total) await giveWay(busyMs);
  }
  return finish(prepared, counts, [...prepared.errors, ...batchErrors]);
}

/**
 * The rows of the next batch: as many as the last batch's cost per row fits in the budget, at
 * most twice the last batch's and `batchSize`, and never fewer than FIRST_BATCH_SIZE: under
 * traffic a transaction's time is mostly its fixed part (its statements wait their turn on the
 * connection and the event loop), so fewer rows would make more transactions, not shorter ones.
 * The first batch, its cost unknown, takes FIRST_BATCH_SIZE (all `batchSize` with an unlimited
 * budget, one row with none at all).
 */
function nextBatchSize(batchSize: number, budgetMs: number, last: { rows: number; ms: number } | null) {
  if (budgetMs <= 0) return 1;
  if (!Number.isFinite(budgetMs)) return batchSize;
  const least = Math.max(1, Math.min(batchSize, FIRST_BATCH_SIZE));
  if (!last) return least;
  const perRowMs = Math.max(last.ms, 1) / last.rows;
  return Math.max(least, Math.min(batchSize, last.rows * 2, Math.floor(budgetMs / perRowMs)));
}

/** A savepoint the fast path rolls back to when the database refuses part of a batch. */
class BatchRefused extends Error {
  constructor(readonly reason: unknown) {
    super('The batch was refused; it is written again row by row.');
  }
}

/**
 * Writes one batch: every row decided against `existing`, then set-based in one savepoint; if the
 * database refuses it, row by row (`applyRow`), so the refused row alone is reported.
 */
async function writeBatch(
  tx: Tx,
  batch: readonly ImportedRecord[],
  existing: Map<string, ExistingRecord>,
  prepared: Prepared,
  request: ImportRequest,
): Promise<Decision[]> {
  const decisions = batch.map((record) => decide(record, existing.get(record.code), prepared, request));
  const creates = decisions.filter((d) => d.action === 'create');
  const updates = decisions.filter((d) => d.action === 'update');
  if (creates.length === 0 && updates.length === 0) return decisions;
  try {
    await tx.transaction(async (savepoint) => {
      try {
        const ids = await insertRecords(
          savepoint,
          creates.map((d) => d.values),
        );
        for (const d of updates) {
          if (Object.keys(d.set).length > 0) await updateRecord(savepoint, request.partnersId, d.id, d.set);
        }
        await writeManyCustomValues(savepoint, [
          ...creates.map((d) => ({ sponsoredsId: ids.get(d.values.code)!, values: d.custom })),
          ...updates.map((d) => ({ sponsoredsId: d.id, values: d.custom })),
        ]);
      } catch (error) {
        throw new BatchRefused(error);
      }
    });
    return decisions;
  } catch (error) {
    if (!(error instanceof BatchRefused)) throw error;
    const outcomes: Decision[] = [];
    for (const record of batch) {
      outcomes.push(await applyRow(tx, record, existing.get(record.code), prepared, request));
    }
    return outcomes;
  }
}

/** One row in its savepoint: what it did, or the error that kept it out. */
async function applyRow(
  tx: Tx,
  record: ImportedRecord,
  existing: ExistingRecord | undefined,
  prepared: Prepared,
  request: ImportRequest,
): Promise<Decision> {
  const decision = decide(record, existing, prepared, request);
  if (decision.action === 'error' || decision.action === 'unchanged') return decision;
  try {
    try {
      await tx.transaction((savepoint) => applyDecision(savepoint, request.partnersId, decision));
      return decision;
    } catch (error) {
      // Another import created this code since the batch was read: decide again against it.
      if (decision.action !== 'create' || !isUniqueViolation(error)) throw error;
      const fresh = await findRecordsByCodes(tx, request.partnersId, [record.code], { lock: true });
      const retried = decide(record, fresh.get(record.code), prepared, request);
      if (retried.action === 'error' || retried.action === 'unchanged') return retried;
      await tx.transaction((savepoint) => applyDecision(savepoint, request.partnersId, retried));
      return retried;
    }
  } catch (error) {
    return {
      action: 'error',
      error: {
        row: record.row,
        column: prepared.headers[prepared.mapping.indexOf('code')] ?? 'Code',
        value: record.code,
        reason: `The record could not be saved: ${databaseReason(error)}`,
      },
    };
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A database refusal in a partner's words (the constraint names are ours, the sentences too). */
function databaseReason(error: unknown): string {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505') return 'another record already has this code.';
    if (code === '23514') return 'a value is out of the allowed range.';
    if (typeof code === 'string' && code.startsWith('22')) return 'a value is malformed or out of range.';
    e = (e as { cause?: unknown }).cause;
  }
  return 'the database refused it.';
}
