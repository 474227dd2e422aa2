import type { SavedPaymentMethod } from '@kinship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentMethodsQueryOptions } from '../../../shared/payments/api/get-payment-methods';

/** DELETE payments/paymentmethod/{id}. */
export const deletePaymentMethod = (id: string) =>
  apiRequest<void>(`payments/paymentmethod/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** PUT payments/updatedefaultpaymentmethod/{id}: answers the list with the new default. */
export const setDefaultPaymentMethod = (id: string) =>
  apiRequest<SavedPaymentMethod[]>(`payments/updatedefaultpaymentmethod/${encodeURIComponent(id)}`, {
    method: 'PUT',
  });

export function useDeletePaymentMethod(usersId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions(usersId).queryKey }),
  });
}

export function useSetDefaultPaymentMethod(usersId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (methods) => queryClient.setQueryData(paymentMethodsQueryOptions(usersId).queryKey, methods),
  });
}
