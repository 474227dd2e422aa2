import { describe, it, expect } from 'vitest';
import {
  canSeePrivate,
  canSeeSponsorContent,
  maskedNoticeKind,
  recordRightsOf,
  visibleFieldsOf,
  type RecordDisplay,
} from './masking.ts';
import { Role } from '../shared/ids.ts';
import type { Viewer } from '../shared/permissions.ts';

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

describe('recordRightsOf', () => {
  const record = { id: 501, partnersId: 2, entitiesId: 10 };
  const programAdmin: Viewer = {
    userId: 'pa',
    partnerUsers: [{ partnersId: 2, roles: [Role.Administrator], entityIds: [11] }],
  };
  const partnerAdmin: Viewer = {
    userId: 'a',
    partnerUsers: [{ partnersId: 2, roles: [Role.Administrator], entityIds: [] }],
  };
  const otherPartnerAdmin: Viewer = {
    userId: 'b',
    partnerUsers: [{ partnersId: 3, roles: [Role.Administrator], entityIds: [] }],
  };
  const donor: Viewer = { userId: 'd', partnerUsers: [] };

  it('makes the viewer a sponsor only of the records the viewer sponsors now', () => {
    expect(recordRightsOf(donor, record, new Set([501]))).toEqual({ isSponsor: true, canAdminister: false });
    expect(recordRightsOf(donor, record, new Set([502]))).toEqual({ isSponsor: false, canAdminister: false });
    expect(recordRightsOf(null, record, new Set([501]))).toEqual({ isSponsor: false, canAdminister: false });
  });

  it('lets a program administrator administer records of that program only', () => {
    expect(recordRightsOf(programAdmin, record, new Set()).canAdminister).toBe(false);
    expect(recordRightsOf(programAdmin, { ...record, entitiesId: 11 }, new Set()).canAdminister).toBe(true);
  });

  it('lets a partner-wide administrator administer every record of that partner and no other', () => {
    expect(recordRightsOf(partnerAdmin, record, new Set()).canAdminister).toBe(true);
    expect(recordRightsOf(otherPartnerAdmin, record, new Set()).canAdminister).toBe(false);
  });
});

describe('visibleFieldsOf', () => {
  const masked: RecordDisplay = { masked: true, showLastName: true, showBirthday: true, showAge: false };
  const open: RecordDisplay = { masked: false, showLastName: false, showBirthday: true, showAge: true };
  const nobody = { isSponsor: false, canAdminister: false };

  it('hides the last name, birthday and picture of a masked record from a viewer without rights', () => {
    expect(visibleFieldsOf(masked, nobody)).toEqual({
      lastName: false,
      birthday: false,
      age: false,
      profilePicture: false,
      sponsorContent: false,
    });
  });

  it('shows everything to its sponsor and to whoever administers it', () => {
    const all = { lastName: true, birthday: true, age: true, profilePicture: true, sponsorContent: true };
    expect(visibleFieldsOf(masked, { isSponsor: true, canAdminister: false })).toEqual(all);
    expect(visibleFieldsOf(masked, { isSponsor: false, canAdminister: true })).toEqual(all);
  });

  it('follows the display flags of an unmasked record for everyone else', () => {
    expect(visibleFieldsOf(open, nobody)).toEqual({
      lastName: false,
      birthday: true,
      age: true,
      profilePicture: true,
      sponsorContent: false,
    });
  });
});
