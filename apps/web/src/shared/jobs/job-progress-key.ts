/** The query key of a tracked job's progress (GET jobs/{id}/progress), polled by the screens that start long jobs. */
export const jobProgressKey = (jobId: string | null) => ['jobs', jobId, 'progress'] as const;
