import {
  jobProgressSchema,
  overviewSchema,
  reportSchema,
  yearEndRunSchema,
  type JobProgress,
  type Overview,
  type Report,
  type ReportSlug,
  type YearEndRun,
} from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../../lib/api-client';
import { jobProgressKey } from '../../../../shared/jobs/job-progress-key';

/** The section's query keys: the Overview, each report with its filters, the latest year-end run. */
export const reportsKeys = {
  all: ['dashboard', 'reports'] as const,
  overview: () => [...reportsKeys.all, 'overview'] as const,
  report: (slug: ReportSlug, filters: ReportFilters) =>
    [...reportsKeys.all, 'report', slug, filters] as const,
  yearEndRun: () => [...reportsKeys.all, 'year-end-run'] as const,
};

export interface ReportFilters {
  from?: string | undefined;
  to?: string | undefined;
  entitiesId?: number | undefined;
}

/** GET dashboard/overview: the home's figures (each with the table behind it) and charts. */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: reportsKeys.overview(),
    queryFn: () => apiRequest<Overview>('dashboard/overview', { schema: overviewSchema }),
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}

/** GET dashboard/reports/{slug}: one report with the filters. */
export function useReport(slug: ReportSlug, filters: ReportFilters) {
  return useQuery({
    queryKey: reportsKeys.report(slug, filters),
    queryFn: () =>
      apiRequest<Report>(`dashboard/reports/${slug}`, {
        query: { from: filters.from, to: filters.to, entitiesId: filters.entitiesId },
        schema: reportSchema,
      }),
  });
}

/** The address of a report's CSV or Excel download with the same filters. */
export function reportExportUrl(slug: ReportSlug, format: 'csv' | 'xlsx', filters: ReportFilters): string {
  return apiUrl(`dashboard/reports/${slug}/export`, {
    format,
    from: filters.from,
    to: filters.to,
    entitiesId: filters.entitiesId,
  });
}

/** GET dashboard/reports/year-end-run: the latest year-end run (null before the first). */
export function useLatestYearEndRun() {
  return useQuery({
    queryKey: reportsKeys.yearEndRun(),
    queryFn: () =>
      apiRequest<YearEndRun | null>('dashboard/reports/year-end-run', {
        schema: yearEndRunSchema.nullable(),
      }),
  });
}

/** The tracked job's progress, polled every second until it ends. */
export function useJobProgress(jobId: string | null) {
  return useQuery({
    queryKey: jobProgressKey(jobId),
    queryFn: () => apiRequest<JobProgress>(`jobs/${jobId}/progress`, { schema: jobProgressSchema }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : 1000;
    },
  });
}

/** POST dashboard/reports/year-end-run {year}. */
export function useStartYearEndRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (year: number) =>
      apiRequest<YearEndRun>('dashboard/reports/year-end-run', {
        method: 'POST',
        body: { year },
        schema: yearEndRunSchema,
      }),
    onSuccess: (run) => client.setQueryData(reportsKeys.yearEndRun(), run),
  });
}
