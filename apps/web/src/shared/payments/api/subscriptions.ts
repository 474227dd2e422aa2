import { subscriptionDetailSchema } from '@kinship/domain';
import type { SubscriptionDetail } from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET payments/subscriptiondetail/{id}: one of the person's subscriptions. */
export const getSubscriptionDetail = (id: number) =>
  apiRequest(`payments/subscriptiondetail/${id}`, { schema: subscriptionDetailSchema });

export const subscriptionDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['payments', 'subscriptions', id], queryFn: () => getSubscriptionDetail(id) });

export function useSubscriptionDetail(id: number | null) {
  return useQuery({ ...subscriptionDetailQueryOptions(id ?? 0), enabled: id !== null });
}

/** PUT payments/updatesubscriptionpayment/{ordersId}: pays the order's subscription with another (or a new) method. */
export const updateSubscriptionPayment = (ordersId: number, paymentMethodId: string) =>
  apiRequest<SubscriptionDetail>(`payments/updatesubscriptionpayment/${ordersId}`, {
    method: 'PUT',
    body: { ordersId, paymentMethodId },
  });

/** PUT payments/resetsubscriptionprice/{id}: today's plan price from the next period on. */
export const resetSubscriptionPrice = (id: number) =>
  apiRequest<SubscriptionDetail>(`payments/resetsubscriptionprice/${id}`, { method: 'PUT' });

function useStoreDetail() {
  const queryClient = useQueryClient();
  return (detail: SubscriptionDetail) => {
    queryClient.setQueryData(subscriptionDetailQueryOptions(detail.id).queryKey, detail);
    void queryClient.invalidateQueries({ queryKey: ['payments', 'methods'] });
  };
}

export function useUpdateSubscriptionPayment() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: ({ ordersId, paymentMethodId }: { ordersId: number; paymentMethodId: string }) =>
      updateSubscriptionPayment(ordersId, paymentMethodId),
    onSuccess: store,
  });
}

export function useResetSubscriptionPrice() {
  const store = useStoreDetail();
  return useMutation({ mutationFn: resetSubscriptionPrice, onSuccess: store });
}
