import { PAYMENT_METHOD_DISPLAY_NAMES, type PaymentMethod } from '@kinship/domain';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/** A card brand as people name it; an unknown brand is a plain 'Credit Card'. */
export function cardBrandName(brand: string | null | undefined): string {
  return (brand && BRAND_NAMES[brand.toLowerCase()]) || PAYMENT_METHOD_DISPLAY_NAMES.card;
}

/** The display name of a method's type: Credit Card, ACH Debit, ACSS (Canada). */
export function paymentMethodTypeName(method: Pick<PaymentMethod, 'type'>): string {
  return PAYMENT_METHOD_DISPLAY_NAMES[method.type] ?? method.type;
}

/**
 * The short description of a saved method: 'Visa •••• 4242, exp 12/2030' for a card,
 * 'ACH Debit •••• 6789 (Chase)' for a bank account.
 */
export function describePaymentMethod(
  method: Pick<PaymentMethod, 'type' | 'card' | 'usBankAccount' | 'acssDebit'>,
): string {
  if (method.type === 'card' && method.card) {
    const { brand, last4, expMonth, expYear } = method.card;
    const expiry = expMonth && expYear ? `, exp ${String(expMonth).padStart(2, '0')}/${expYear}` : '';
    return `${cardBrandName(brand)} •••• ${last4}${expiry}`;
  }
  const bank = method.type === 'us_bank_account' ? method.usBankAccount : method.acssDebit;
  const name = paymentMethodTypeName(method);
  if (!bank) return name;
  return `${name} •••• ${bank.last4}${bank.bankName ? ` (${bank.bankName})` : ''}`;
}
