import {
  delinquentRowSchema,
  paymentRowSchema,
  reminderResultSchema,
  retryRenewalResultSchema,
  subscriptionRowSchema,
  type DelinquentRow,
  type GivingPaymentRow,
  type GivingSubscriptionRow,
  type RefundInput,
  type ReminderResult,
  type RetryRenewalResult,
} from '@kinship/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageAnswer, PageRequest } from '../../../../components/staff/server-data-table';
import { apiPaged, apiRequest } from '../../../../lib/api-client';

// The Donations section's calls (decision 041): GET dashboard/donations/{payments,subscriptions,
// delinquent}, POST dashboard/donations/payments/{id}/refund and
// dashboard/donations/subscriptions/{id}/{cancel,retry,remind}.

/** The section's query keys: every one starts with `all`, so a refund or a renewal refreshes them together. */
export const givingKeys = {
  all: ['dashboard', 'donations'] as const,
  payments: () => [...givingKeys.all, 'payments'] as const,
  subscriptions: () => [...givingKeys.all, 'subscriptions'] as const,
  delinquent: (entitiesId: string) => [...givingKeys.all, 'delinquent', entitiesId] as const,
};

const pageQuery = (request: PageRequest) => ({
  page: request.page,
  pageSize: request.pageSize,
  q: request.search,
  ...(request.sort ? { sort: request.sort.column, order: request.sort.direction } : {}),
  ...request.filters,
});

export function fetchPaymentsPage(request: PageRequest): Promise<PageAnswer<GivingPaymentRow>> {
  return apiPaged('dashboard/donations/payments', {
    query: pageQuery(request),
    itemSchema: paymentRowSchema,
  });
}

export function fetchSubscriptionsPage(request: PageRequest): Promise<PageAnswer<GivingSubscriptionRow>> {
  return apiPaged('dashboard/donations/subscriptions', {
    query: pageQuery(request),
    itemSchema: subscriptionRowSchema,
  });
}

export const delinquentQuery = (entitiesId: string) =>
  queryOptions({
    queryKey: givingKeys.delinquent(entitiesId),
    queryFn: () =>
      apiRequest<DelinquentRow[]>('dashboard/donations/delinquent', {
        query: entitiesId ? { entitiesId } : {},
        schema: delinquentRowSchema.array(),
      }),
  });

export const useDelinquent = (entitiesId: string) => useQuery(delinquentQuery(entitiesId));

export const refundPayment = (id: number, body: RefundInput) =>
  apiRequest<GivingPaymentRow>(`dashboard/donations/payments/${id}/refund`, {
    method: 'POST',
    body,
    schema: paymentRowSchema,
  });

export const cancelSubscription = (id: number, reason: string) =>
  apiRequest<GivingSubscriptionRow>(`dashboard/donations/subscriptions/${id}/cancel`, {
    method: 'POST',
    body: { reason },
    schema: subscriptionRowSchema,
  });

export const retryRenewal = (id: number, requestKey: string) =>
  apiRequest<RetryRenewalResult>(`dashboard/donations/subscriptions/${id}/retry`, {
    method: 'POST',
    body: { requestKey },
    schema: retryRenewalResultSchema,
  });

export const remindDonor = (id: number) =>
  apiRequest<ReminderResult>(`dashboard/donations/subscriptions/${id}/remind`, {
    method: 'POST',
    body: {},
    schema: reminderResultSchema,
  });

/** A change to a payment or subscription refreshes the section's tables and the failed renewals. */
function useGivingMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: givingKeys.all }),
  });
}

export const useRefundPayment = () =>
  useGivingMutation(({ id, body }: { id: number; body: RefundInput }) => refundPayment(id, body));

export const useCancelSubscription = () =>
  useGivingMutation(({ id, reason }: { id: number; reason: string }) => cancelSubscription(id, reason));

export const useRetryRenewal = () =>
  useGivingMutation(({ id, requestKey }: { id: number; requestKey: string }) => retryRenewal(id, requestKey));

export const useRemindDonor = () => useGivingMutation(remindDonor);

/** A key for one refund dialog or retry click: the server answers the same refund for it again. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
