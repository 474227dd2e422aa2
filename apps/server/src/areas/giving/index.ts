/**
 * The giving area's door: what other areas may use. Everything else in this folder is the
 * area's own (docs/ARCHITECTURE.md, "Areas and doors").
 */
export { currentLinePrices } from './checkout/checkout.service.ts';
export { heldSlotsBySponsored } from './orders/orders.repository.ts';
export { payerOf } from './payment-methods/payment-methods.service.ts';
export { endSubscriptionLine, recordSubscriptionLineEnd } from './subscriptions/subscriptions.service.ts';
export type { SubscriptionLineEnd } from './subscriptions/subscriptions.service.ts';
export { queueYearEndStatement } from './receipts/receipts.service.ts';
export { deletePaymentMethodRow, eraseDonor, markSubscriptionCanceled } from './donor-erasure.store.ts';
