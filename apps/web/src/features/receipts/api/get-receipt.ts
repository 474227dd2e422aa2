import { receiptSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, apiUrl } from '../../../lib/api-client';

/** GET receipts/{code}: the receipt of one payment (the code is the credential). */
export const getReceipt = (code: string) =>
  apiRequest(`receipts/${encodeURIComponent(code)}`, { schema: receiptSchema });

export const receiptQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['receipts', code],
    queryFn: () => getReceipt(code),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });

export function useReceipt(code: string) {
  return useQuery(receiptQueryOptions(code));
}

/** The receipt as a PDF (GET receipts/{code}/pdf), saved as message.pdf. */
export const receiptPdfUrl = (code: string) => apiUrl(`receipts/${encodeURIComponent(code)}/pdf`);
