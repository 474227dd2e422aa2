import {
  letterBulkResultSchema,
  letterDetailSchema,
  letterQueueItemSchema,
  letterScanPageSchema,
  letterSettingsSchema,
  type LetterBulkResult,
  type LetterDeliveryStep,
  type LetterDetail,
  type LetterEdit,
  type LetterFlagDecision,
  type LetterQueueItem,
  type LetterScanPage,
  type LetterSettings,
} from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PageAnswer, PageRequest } from '../../../../components/staff/server-data-table';
import { apiDownloadFile, apiPaged, apiRequest, apiUrl } from '../../../../lib/api-client';

// The Letters section's calls (issue 24, /work contract "Letters API"): GET dashboard/letters (the
// queue), GET/PATCH dashboard/letters/{id}, POST .../{id}/approve, .../{id}/reject,
// .../{id}/flags/{flagId}, POST dashboard/letters/approve and .../steps (bulk), GET .../assignees,
// GET/PUT .../settings, POST dashboard/letters (a typed reply), POST .../print (a PDF),
// POST/GET .../scans and POST .../scans/{id}/match; GET messages/{id}/pdf (saved as message.pdf).

/** The section's query keys: every one starts with `all`, so a decision refreshes them together. */
export const lettersKeys = {
  all: ['dashboard', 'letters'] as const,
  queue: () => [...lettersKeys.all, 'queue'] as const,
  letter: (id: number) => [...lettersKeys.all, 'letter', id] as const,
  assignees: () => [...lettersKeys.all, 'assignees'] as const,
  settings: () => [...lettersKeys.all, 'settings'] as const,
  waitingScans: () => [...lettersKeys.all, 'scans', 'unmatched'] as const,
  answerable: (search: string) => [...lettersKeys.all, 'answerable', search] as const,
};

/** A page of the queue: the table's search as `q`, its filters as they are named in the address. */
export function fetchLettersPage(request: PageRequest): Promise<PageAnswer<LetterQueueItem>> {
  return apiPaged<LetterQueueItem>('dashboard/letters', {
    query: { page: request.page, pageSize: request.pageSize, q: request.search, ...request.filters },
    itemSchema: letterQueueItemSchema,
  });
}

export const letterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lettersKeys.letter(id),
    queryFn: () => apiRequest<LetterDetail>(`dashboard/letters/${id}`, { schema: letterDetailSchema }),
  });

export const useLetter = (id: number) => useQuery({ ...letterQueryOptions(id), enabled: id > 0 });

const assigneesSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type LetterAssignee = z.infer<typeof assigneesSchema>[number];

/** Colleagues holding letters.moderate: whom a letter may be given to. */
export const useLetterAssignees = () =>
  useQuery({
    queryKey: lettersKeys.assignees(),
    queryFn: () => apiRequest('dashboard/letters/assignees', { schema: assigneesSchema }),
  });

/**
 * The letter settings; the guidelines in the partner's other languages come as `translations`
 * (`{"fr-CA": {guidelines}}`) like other staff editors' texts, when the server sends them.
 */
export type LetterSettingsAnswer = LetterSettings & {
  translations?: Record<string, Record<string, string | null> | undefined> | null;
};

export const useLetterSettings = () =>
  useQuery({
    queryKey: lettersKeys.settings(),
    queryFn: () =>
      apiRequest<LetterSettingsAnswer>('dashboard/letters/settings', { schema: letterSettingsSchema }),
  });

/** Pages of scanned replies still waiting to be matched by hand. */
export const useWaitingScans = () =>
  useQuery({
    queryKey: lettersKeys.waitingScans(),
    queryFn: () =>
      apiRequest<LetterScanPage[]>('dashboard/letters/scans', {
        query: { unmatched: true },
        schema: letterScanPageSchema.array(),
      }),
  });

/** The states a sponsor letter is in once it has left on paper: what a reply on paper can answer. */
export const ANSWERABLE_STATUSES = ['printed', 'sent_to_program', 'delivered'] as const;

/**
 * Sponsor letters a scanned page may answer, found by the queue's search (record, code, sponsor):
 * one page of each state a letter on paper can be in (the queue takes one status at a time).
 */
export const useAnswerableLetters = (search: string) =>
  useQuery({
    queryKey: lettersKeys.answerable(search),
    queryFn: async () => {
      const pages = await Promise.all(
        ANSWERABLE_STATUSES.map((status) =>
          apiPaged<LetterQueueItem>('dashboard/letters', {
            query: { direction: 'to_sponsored', status, q: search, page: 1, pageSize: 20 },
            itemSchema: letterQueueItemSchema,
          }),
        ),
      );
      // A letter that changed state between the calls is listed once.
      const byId = new Map(pages.flatMap((p) => p.items).map((letter) => [letter.id, letter]));
      return [...byId.values()];
    },
    placeholderData: (previous) => previous,
  });

/** Where a batch of scanned pages is uploaded (multipart, one file a request). */
export const letterScansUrl = () => apiUrl('dashboard/letters/scans');

/** The answer of an upload of scanned pages (201 LetterScanPage[]), checked like any other answer. */
export const parseScanPages = (body: string): LetterScanPage[] =>
  letterScanPageSchema.array().parse(JSON.parse(body));

/** A letter with its pictures (or its scan), saved as message.pdf like every PDF answer. */
export const downloadLetterPdf = (id: number) => apiDownloadFile(`messages/${id}/pdf`, 'message.pdf');

/** A change to one letter: its detail takes the answer, and the queue is read again. */
function useLetterChange<TVariables>(id: number, send: (variables: TVariables) => Promise<LetterDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (letter) => {
      client.setQueryData(lettersKeys.letter(id), letter);
      await client.invalidateQueries({ queryKey: lettersKeys.queue() });
    },
  });
}

export const useEditLetter = (id: number) =>
  useLetterChange(id, (body: LetterEdit) =>
    apiRequest<LetterDetail>(`dashboard/letters/${id}`, {
      method: 'PATCH',
      body,
      schema: letterDetailSchema,
    }),
  );

export const useApproveLetter = (id: number) =>
  useLetterChange(id, () =>
    apiRequest<LetterDetail>(`dashboard/letters/${id}/approve`, {
      method: 'POST',
      body: {},
      schema: letterDetailSchema,
    }),
  );

export const useRejectLetter = (id: number) =>
  useLetterChange(id, (reason: string) =>
    apiRequest<LetterDetail>(`dashboard/letters/${id}/reject`, {
      method: 'POST',
      body: { reason },
      schema: letterDetailSchema,
    }),
  );

export const useDecideFlag = (id: number) =>
  useLetterChange(id, ({ flagId, decision }: { flagId: number; decision: LetterFlagDecision }) =>
    apiRequest<LetterDetail>(`dashboard/letters/${id}/flags/${flagId}`, {
      method: 'POST',
      body: decision,
      schema: letterDetailSchema,
    }),
  );

/** A reply typed by staff from the sponsored person's letter: it enters the queue as submitted. */
export function useTypeReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { replyToId: number; body: string }) =>
      apiRequest<LetterDetail>('dashboard/letters', { method: 'POST', body, schema: letterDetailSchema }),
    onSuccess: async (letter) => {
      client.setQueryData(lettersKeys.letter(letter.id), letter);
      await client.invalidateQueries({ queryKey: lettersKeys.queue() });
    },
  });
}

/** Bulk approval or a delivery step of the chosen letters: the queue and their details are read again. */
export function useBulkLetters() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: lettersKeys.all });
  return {
    approve: useMutation({
      mutationFn: (ids: number[]) =>
        apiRequest<LetterBulkResult>('dashboard/letters/approve', {
          method: 'POST',
          body: { ids },
          schema: letterBulkResultSchema,
        }),
      onSuccess: refresh,
    }),
    step: useMutation({
      mutationFn: ({ ids, status }: { ids: number[]; status: LetterDeliveryStep }) =>
        apiRequest<LetterBulkResult>('dashboard/letters/steps', {
          method: 'POST',
          body: { ids, status },
          schema: letterBulkResultSchema,
        }),
      onSuccess: refresh,
    }),
  };
}

/** The program's approved sponsor letters as one PDF (saved as letters.pdf); they become `printed`. */
export function usePrintLetters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (programId: number) =>
      apiDownloadFile('dashboard/letters/print', 'letters.pdf', {
        method: 'POST',
        body: { programId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: lettersKeys.all }),
  });
}

/** Matching a scanned page by hand creates its reply letter: the waiting pages and the queue are read again. */
export function useMatchScan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scanId, replyToId }: { scanId: number; replyToId: number }) =>
      apiRequest<LetterScanPage>(`dashboard/letters/scans/${scanId}/match`, {
        method: 'POST',
        body: { replyToId },
        schema: letterScanPageSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: lettersKeys.all }),
  });
}

/** After a batch of pages is uploaded: the waiting pages and the queue (new replies) are read again. */
export function useRefreshAfterScans() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: lettersKeys.all });
}

export function useSaveLetterSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LetterSettingsAnswer) =>
      apiRequest<LetterSettingsAnswer>('dashboard/letters/settings', {
        method: 'PUT',
        body,
        schema: letterSettingsSchema,
      }),
    onSuccess: (settings) => client.setQueryData(lettersKeys.settings(), settings),
  });
}
