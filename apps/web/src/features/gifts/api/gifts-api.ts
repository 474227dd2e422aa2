import {
  giftCreatedSchema,
  giftManageSchema,
  giftPreviewSchema,
  lightningPreviewSchema,
  redeemedSchema,
  trialPreviewSchema,
  type GiftRequest,
} from '@kinship/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST gifts: pays for a gift (visitor or signed in); answers the receipt and the giver's manage code. */
export const createGift = (body: GiftRequest, idempotencyKey: string) =>
  apiRequest('gifts', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: giftCreatedSchema,
  });

const codePath = (code: string) => encodeURIComponent(code.trim());

export const getGiftPreview = (code: string) =>
  apiRequest(`gifts/redeem/${codePath(code)}`, { schema: giftPreviewSchema });
export const redeemGift = (code: string) =>
  apiRequest(`gifts/redeem/${codePath(code)}`, { method: 'POST', body: {}, schema: redeemedSchema });

export const getTrialPreview = (code: string) =>
  apiRequest(`trials/redeem/${codePath(code)}`, { schema: trialPreviewSchema });
export const redeemTrial = (code: string, sponsoredsId: number) =>
  apiRequest(`trials/redeem/${codePath(code)}`, {
    method: 'POST',
    body: { sponsoredsId },
    schema: redeemedSchema,
  });

export const getLightning = (sponsoredType: string, code: string) =>
  apiRequest(`lightning/${encodeURIComponent(sponsoredType)}/${codePath(code)}`, {
    schema: lightningPreviewSchema,
  });

export const getManagedGift = (manageCode: string) =>
  apiRequest(`gifts/manage/${codePath(manageCode)}`, { schema: giftManageSchema });
export const changeManagedGift = (manageCode: string, recipientEmail: string) =>
  apiRequest(`gifts/manage/${codePath(manageCode)}`, {
    method: 'POST',
    body: { recipientEmail },
    schema: giftManageSchema,
  });
