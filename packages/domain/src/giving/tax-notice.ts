import { Country } from '../shared/ids.ts';

// Payment and tax notices (spec 1).

export type NoticePartner = { name: string; ein?: string | null; countriesId?: number | null };

export const PAYMENT_PROCESSING_NOTICE =
  'Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.';

/** The tax-deductible paragraph for a partner with an ein, otherwise null. */
export function taxDeductibleNotice(partner: NoticePartner): string | null {
  const ein = partner.ein?.trim();
  if (!ein) return null;
  const { name } = partner;
  switch (partner.countriesId) {
    case Country.UnitedStates:
      return `${name} is a 501(c)3 organization (EIN ${ein}). Your contribution is tax deductible to the extent allowed by law.`;
    case Country.Canada:
      return `${name} is a registered Canadian charity (business number ${ein}). Your contribution is tax deductible to the extent allowed by law.`;
    default:
      return `Contributions to ${name} are tax deductible to the extent allowed by law.`;
  }
}

/** Paragraphs of the payment notice: processing and receipt, then the tax notice when there is one. */
export function paymentNotice(partner: NoticePartner): string[] {
  const tax = taxDeductibleNotice(partner);
  return tax === null ? [PAYMENT_PROCESSING_NOTICE] : [PAYMENT_PROCESSING_NOTICE, tax];
}
