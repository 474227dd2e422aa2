import { apiRequest } from '../../../lib/api-client';

export interface SandboxCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string;
}

/** POST sandbox/paymentmethods: the sandbox card field's tokenisation; answers the payment method id. */
export const createSandboxPaymentMethod = (card: SandboxCardInput) =>
  apiRequest<{ id: string }>('sandbox/paymentmethods', { method: 'POST', body: card });
