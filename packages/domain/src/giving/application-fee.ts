import { applicationFeeModel } from '../partners/partner-rules.ts';

// The platform's application fee on a payment (spec 3, "Fees and money"; "applicationFeeModel").

export type FeePartner = {
  applicationFeeModel: string | null | undefined;
  /** Percent of a sponsorship payment, e.g. 2.5 for 2.5%. */
  sponsorProcFee: number;
  /** Percent of a general donation. */
  generalProcFee: number;
};

/** A percent kept within 0..100 with at most two decimals (what payment providers accept). */
function cleanPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.round(Math.min(percent, 100) * 100) / 100;
}

/**
 * The platform's percent of each sponsorship subscription payment: the partner's sponsorProcFee
 * under the 'fee' model; none under 'tip' (anything other than 'fee'), where the donor's boost is
 * the tip.
 */
export function sponsorshipFeePercent(partner: FeePartner): number {
  return applicationFeeModel(partner.applicationFeeModel) === 'fee'
    ? cleanPercent(partner.sponsorProcFee)
    : 0;
}

/** Cents the platform keeps from a general donation: generalProcFee percent of it under 'fee', none under 'tip'. */
export function donationFeeCents(partner: FeePartner, amountCents: number): number {
  if (applicationFeeModel(partner.applicationFeeModel) !== 'fee') return 0;
  const fee = Math.round((amountCents * cleanPercent(partner.generalProcFee)) / 100);
  return Math.max(0, Math.min(fee, amountCents));
}
