import type { ColumnMapping, ImportField, ImportRowError, JobProgress } from '@kinship/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, apiUrl, errorCodeOf } from '../../../../lib/api-client';
import { parseProblem } from '../../../../lib/problem';
import { jobProgressKey } from '../../../../shared/jobs/job-progress-key';
import { recordsKeys } from '../../../../shared/records/record-queries';

export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** POST dashboard/records/import/dryrun's answer. */
export interface DryRunReport {
  headers: string[];
  mapping: ColumnMapping;
  fields: ImportField[];
  counts: ImportCounts;
  errors: ImportRowError[];
  remembered: boolean;
}

export interface ImportStatus {
  id: number;
  jobId: string | null;
  state: 'queued' | 'running' | 'completed' | 'failed';
  fileName: string;
  picturesFileName: string | null;
  result:
    | (Partial<DryRunReport> & {
        error?: string;
        pictures?: {
          matched: number;
          skipped: { entry: string; reason: string }[];
          failed: { entry: string; reason: string }[];
        } | null;
      })
    | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface ImportInput {
  partnerSponsoredTypesId: number;
  file: File;
  pictures: File | null;
  mapping: ColumnMapping | null;
  dateOrder: 'mdy' | 'dmy';
}

async function postImport<T>(path: string, input: ImportInput): Promise<T> {
  const body = new FormData();
  if (input.mapping) body.append('mapping', JSON.stringify(input.mapping));
  body.append('dateOrder', input.dateOrder);
  body.append('file', input.file, input.file.name);
  if (input.pictures) body.append('pictures', input.pictures, input.pictures.name);
  const response = await fetch(apiUrl(path, { partnerSponsoredTypesId: input.partnerSponsoredTypesId }), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body,
  });
  const text = await response.text();
  if (!response.ok) {
    const problem = parseProblem(text, response.headers.get('content-type'));
    throw new ApiError(
      response.status,
      problem?.title ?? (text || response.statusText),
      problem,
      errorCodeOf(response),
    );
  }
  return JSON.parse(text) as T;
}

export const dryRunImport = (input: ImportInput) =>
  postImport<DryRunReport>('dashboard/records/import/dryrun', input);
export const startImport = (input: ImportInput) =>
  postImport<ImportStatus>('dashboard/records/import', input);

/**
 * How often a running import is asked about: twice a second, so the bar moves through a short
 * import too (the server records progress every 250 ms).
 */
const RUNNING_POLL_MS = 500;

/** The import's state, polled while it runs (the row outlives a page reload). */
export function useImportStatus(id: number | null) {
  return useQuery({
    queryKey: recordsKeys.import(id),
    queryFn: () => apiRequest<ImportStatus>(`dashboard/records/imports/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : RUNNING_POLL_MS;
    },
  });
}

export function useJobProgress(jobId: string | null, running: boolean) {
  return useQuery({
    queryKey: jobProgressKey(jobId),
    queryFn: () => apiRequest<JobProgress>(`jobs/${jobId}/progress`),
    enabled: jobId !== null,
    refetchInterval: running ? RUNNING_POLL_MS : false,
  });
}

/** The export address for the current filters (a plain link: the browser streams the download). */
export function exportUrl(
  format: 'csv' | 'xlsx',
  filters: { partnerSponsoredTypesId: number; status?: string; entitiesId?: number; q?: string },
): string {
  return apiUrl('dashboard/records/export', { format, ...filters });
}
