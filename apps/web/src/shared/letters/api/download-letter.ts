import { useMutation } from '@tanstack/react-query';
import { apiDownloadPdf } from '../../../lib/api-client';

/** GET messages/{id}/pdf: the letter with its pictures (or the scan of a paper reply), saved as message.pdf. */
export const downloadLetterPdf = (id: number): Promise<void> => apiDownloadPdf(`messages/${id}/pdf`);

export function useDownloadLetterPdf() {
  return useMutation({ mutationFn: downloadLetterPdf });
}
