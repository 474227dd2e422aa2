import { subscribe } from '../../platform/events.ts';
import { findPartnerById } from '../partners/index.ts';
import { queueGiftMail, queueTrialStartedMail } from './gifts/gift-mail.ts';
import { findGiftById } from './gifts/gifts.repository.ts';
import { queueCancellationNotice } from './ledger/giving.service.ts';
import { siteUrlConfigOf } from './orders/orders.service.ts';
import { queueReceipt, queueRefundNotice } from './receipts/receipts.service.ts';

/**
 * The giving area's subscribers (decision 063): the mail of its money events, each queued once per
 * event with its own dedupe key.
 */
export const givingSubscribers = [
  subscribe('payment.succeeded', 'giving.receipt', async (payload, ctx) => {
    await queueReceipt(ctx.tx, { paymentsId: payload.paymentsId, config: siteUrlConfigOf(ctx.config) });
  }),
  subscribe('payment.refunded', 'giving.refund-notice', async (payload, ctx) => {
    await queueRefundNotice(ctx.tx, {
      paymentsId: payload.paymentsId,
      refundId: payload.refundId,
      amount: payload.amount,
      config: siteUrlConfigOf(ctx.config),
    });
  }),
  subscribe('gift.delivered', 'giving.gift-mail', async (payload, ctx) => {
    const gift = await findGiftById(ctx.tx, payload.giftsId);
    const partner = await findPartnerById(ctx.tx, payload.partnersId);
    if (!gift?.recipientEmail || !partner) return;
    await queueGiftMail(ctx.tx, partner, gift, payload.attempt, siteUrlConfigOf(ctx.config));
  }),
  subscribe('trial.started', 'giving.trial-started-mail', async (payload, ctx) => {
    const partner = await findPartnerById(ctx.tx, payload.partnersId);
    if (!partner) return;
    await queueTrialStartedMail(
      ctx.tx,
      partner,
      { id: payload.trialsId, days: payload.days, endsAt: new Date(payload.endsAt) },
      payload.recordName,
      payload.email,
      siteUrlConfigOf(ctx.config),
    );
  }),
  subscribe('subscription.canceled', 'giving.cancellation-notice', async (payload, ctx) => {
    await queueCancellationNotice(ctx.tx, ctx.config, payload);
  }),
];
