import { describe, expect, it } from 'vitest';
import { donationFeeCents, sponsorshipFeePercent } from './application-fee.ts';

const partner = (applicationFeeModel: string | null, sponsorProcFee = 5, generalProcFee = 3.5) => ({
  applicationFeeModel,
  sponsorProcFee,
  generalProcFee,
});

describe('application fee', () => {
  it('charges the sponsorship percent under the fee model', () => {
    expect(sponsorshipFeePercent(partner('fee'))).toBe(5);
    expect(sponsorshipFeePercent(partner('fee', 2.345))).toBe(2.35);
  });

  it('charges no platform fee under the tip model or any other value', () => {
    expect(sponsorshipFeePercent(partner('tip'))).toBe(0);
    expect(sponsorshipFeePercent(partner(null))).toBe(0);
    expect(sponsorshipFeePercent(partner('FEE'))).toBe(0);
    expect(donationFeeCents(partner('tip'), 10000)).toBe(0);
    expect(donationFeeCents(partner('anything'), 10000)).toBe(0);
  });

  it('takes the general percent of a donation in whole cents', () => {
    expect(donationFeeCents(partner('fee'), 10000)).toBe(350);
    expect(donationFeeCents(partner('fee'), 1001)).toBe(35);
    expect(donationFeeCents(partner('fee', 5, 0), 10000)).toBe(0);
  });

  it('keeps percents within 0 to 100', () => {
    expect(sponsorshipFeePercent(partner('fee', 250))).toBe(100);
    expect(sponsorshipFeePercent(partner('fee', -1))).toBe(0);
    expect(donationFeeCents(partner('fee', 5, 250), 1000)).toBe(1000);
    expect(sponsorshipFeePercent(partner('fee', Number.NaN))).toBe(0);
  });
});
