import { describe, it, expect } from 'vitest';
import { canSeePrivate, canSeeSponsorContent, maskedNoticeKind } from './masking.ts';

describe('canSeePrivate', () => {
  it('shows unmasked records to everyone', () => {
    expect(canSeePrivate({ masked: false, isSponsor: false, isPartnerAdmin: false })).toBe(true);
  });

  it('shows masked records only to a sponsor or a partner admin', () => {
    expect(canSeePrivate({ masked: true, isSponsor: false, isPartnerAdmin: false })).toBe(false);
    expect(canSeePrivate({ masked: true, isSponsor: true, isPartnerAdmin: false })).toBe(true);
    expect(canSeePrivate({ masked: true, isSponsor: false, isPartnerAdmin: true })).toBe(true);
  });
});

describe('canSeeSponsorContent', () => {
  it('gives pictures and updates to sponsors and partner admins only', () => {
    expect(canSeeSponsorContent({ isSponsor: true, isPartnerAdmin: false })).toBe(true);
    expect(canSeeSponsorContent({ isSponsor: false, isPartnerAdmin: true })).toBe(true);
    expect(canSeeSponsorContent({ isSponsor: false, isPartnerAdmin: false })).toBe(false);
  });
});

describe('maskedNoticeKind', () => {
  it('shows no notice on an unmasked profile', () => {
    expect(maskedNoticeKind({ masked: false, isSponsor: true, isPartnerAdmin: true })).toBeNull();
  });

  it('shows the lock notice to non-sponsors', () => {
    expect(maskedNoticeKind({ masked: true, isSponsor: false, isPartnerAdmin: false })).toBe('lock');
  });

  it('shows the sponsor notice to sponsors', () => {
    expect(maskedNoticeKind({ masked: true, isSponsor: true, isPartnerAdmin: false })).toBe('sponsor');
  });

  it('shows the admin notice to admins, also when they sponsor', () => {
    expect(maskedNoticeKind({ masked: true, isSponsor: false, isPartnerAdmin: true })).toBe('admin');
    expect(maskedNoticeKind({ masked: true, isSponsor: true, isPartnerAdmin: true })).toBe('admin');
  });
});
