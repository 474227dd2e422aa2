import { savedPaymentMethodSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET payments/{userId}/paymentmethods: the person's saved methods at this partner, the default flagged. */
export const getPaymentMethods = (usersId: number) =>
  apiRequest(`payments/${usersId}/paymentmethods`, { schema: savedPaymentMethodSchema.array() });

export const paymentMethodsQueryOptions = (usersId: number) =>
  queryOptions({
    queryKey: ['payments', 'methods', usersId],
    queryFn: () => getPaymentMethods(usersId),
  });

/** The saved methods, or none while there is no person record (`usersId` null). */
export function usePaymentMethods(usersId: number | null | undefined) {
  return useQuery({ ...paymentMethodsQueryOptions(usersId ?? 0), enabled: typeof usersId === 'number' });
}
