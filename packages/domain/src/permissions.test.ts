import { describe, it, expect } from 'vitest';
import {
  canAccessEntity,
  canAccessPrivateDemo,
  canAdministerSponsored,
  hasAnyPartnerPermission,
  hasAnyPartnerRole,
  isPartnerAdmin,
  isPlatformAdmin,
  rolesFor,
  showAdministrationLink,
  viewerFromUser,
} from './permissions.ts';
import type { Viewer } from './permissions.ts';

const PARTNER = 7;
const OTHER_PARTNER = 8;

const viewer = (...partnerUsers: { partnersId: number; roles: number[]; entityIds: number[] }[]): Viewer => ({
  userId: 'u1',
  partnerUsers,
});

const anonymous: Viewer = null;
const plainUser = viewer();
const platformAdmin = viewer({ partnersId: 1, roles: [2], entityIds: [] });
const platformReporter = viewer({ partnersId: 1, roles: [3], entityIds: [] });
const partnerAdmin = viewer({ partnersId: PARTNER, roles: [2], entityIds: [] });
const partnerReporter = viewer({ partnersId: PARTNER, roles: [3], entityIds: [] });
const programManager = viewer({ partnersId: PARTNER, roles: [4], entityIds: [100, 101] });
const entityOnly = viewer({ partnersId: PARTNER, roles: [], entityIds: [100] });

describe('isPlatformAdmin', () => {
  it('holds Administrator for partner 1', () => {
    expect(isPlatformAdmin(platformAdmin)).toBe(true);
  });

  it('is false for other roles at partner 1, Administrator elsewhere, and anonymous visitors', () => {
    expect(isPlatformAdmin(platformReporter)).toBe(false);
    expect(isPlatformAdmin(partnerAdmin)).toBe(false);
    expect(isPlatformAdmin(anonymous)).toBe(false);
  });
});

describe('rolesFor', () => {
  it('lists the roles held at a partner, sorted and without duplicates', () => {
    const twoRows = viewer(
      { partnersId: PARTNER, roles: [5, 3], entityIds: [] },
      { partnersId: PARTNER, roles: [3, 2], entityIds: [100] },
      { partnersId: OTHER_PARTNER, roles: [6], entityIds: [] },
    );
    expect(rolesFor(twoRows, PARTNER)).toEqual([2, 3, 5]);
    expect(rolesFor(twoRows, OTHER_PARTNER)).toEqual([6]);
  });

  it('is empty for anonymous visitors and users without roles there', () => {
    expect(rolesFor(anonymous, PARTNER)).toEqual([]);
    expect(rolesFor(partnerAdmin, OTHER_PARTNER)).toEqual([]);
  });
});

describe('hasAnyPartnerRole and the Administration link', () => {
  it('holds for any role at the partner and for platform admins', () => {
    expect(hasAnyPartnerRole(partnerReporter, PARTNER)).toBe(true);
    expect(hasAnyPartnerRole(platformAdmin, PARTNER)).toBe(true);
    expect(showAdministrationLink(programManager, PARTNER)).toBe(true);
  });

  it('does not hold without a role there', () => {
    expect(hasAnyPartnerRole(partnerReporter, OTHER_PARTNER)).toBe(false);
    expect(hasAnyPartnerRole(entityOnly, PARTNER)).toBe(false);
    expect(showAdministrationLink(plainUser, PARTNER)).toBe(false);
    expect(showAdministrationLink(anonymous, PARTNER)).toBe(false);
  });
});

describe('isPartnerAdmin', () => {
  it('holds for platform admins at any partner', () => {
    expect(isPartnerAdmin(platformAdmin, PARTNER)).toBe(true);
  });

  it('holds for a user with at least one entity at the partner', () => {
    expect(isPartnerAdmin(programManager, PARTNER)).toBe(true);
    expect(isPartnerAdmin(entityOnly, PARTNER)).toBe(true);
  });

  it('holds for an Administrator with partner-wide scope (no entities)', () => {
    expect(isPartnerAdmin(partnerAdmin, PARTNER)).toBe(true);
  });

  it('does not hold for other roles without entities, other partners or anonymous visitors', () => {
    expect(isPartnerAdmin(partnerReporter, PARTNER)).toBe(false);
    expect(isPartnerAdmin(partnerAdmin, OTHER_PARTNER)).toBe(false);
    expect(isPartnerAdmin(anonymous, PARTNER)).toBe(false);
  });
});

describe('canAccessEntity', () => {
  it('lets platform admins access any entity', () => {
    expect(canAccessEntity(platformAdmin, PARTNER, 999)).toBe(true);
  });

  it('lets a partner user with roles and empty entity scope access every entity of the partner', () => {
    expect(canAccessEntity(partnerAdmin, PARTNER, 999)).toBe(true);
    expect(canAccessEntity(partnerReporter, PARTNER, 999)).toBe(true);
  });

  it('limits a partner user with an entity scope to those entities', () => {
    expect(canAccessEntity(programManager, PARTNER, 101)).toBe(true);
    expect(canAccessEntity(programManager, PARTNER, 102)).toBe(false);
  });

  it('requires a role at that partner', () => {
    expect(canAccessEntity(entityOnly, PARTNER, 100)).toBe(false);
    expect(canAccessEntity(partnerAdmin, OTHER_PARTNER, 100)).toBe(false);
    expect(canAccessEntity(anonymous, PARTNER, 100)).toBe(false);
  });
});

describe('canAdministerSponsored', () => {
  it('holds when the viewer can access the record entity', () => {
    expect(canAdministerSponsored(programManager, { partnersId: PARTNER, entitiesId: 100 })).toBe(true);
    expect(canAdministerSponsored(programManager, { partnersId: PARTNER, entitiesId: 555 })).toBe(false);
    expect(canAdministerSponsored(plainUser, { partnersId: PARTNER, entitiesId: 100 })).toBe(false);
  });
});

describe('canAccessPrivateDemo', () => {
  it('is granted by any partner permission: a role, an entity or platform admin', () => {
    expect(canAccessPrivateDemo(partnerReporter, PARTNER)).toBe(true);
    expect(canAccessPrivateDemo(entityOnly, PARTNER)).toBe(true);
    expect(canAccessPrivateDemo(platformAdmin, PARTNER)).toBe(true);
    expect(hasAnyPartnerPermission(entityOnly, PARTNER)).toBe(true);
  });

  it('is refused without any permission at that partner', () => {
    expect(canAccessPrivateDemo(partnerReporter, OTHER_PARTNER)).toBe(false);
    expect(canAccessPrivateDemo(plainUser, PARTNER)).toBe(false);
    expect(canAccessPrivateDemo(anonymous, PARTNER)).toBe(false);
  });
});

describe('viewerFromUser', () => {
  it('flattens role and entity rows of a user record', () => {
    expect(
      viewerFromUser({
        id: 'u9',
        partnerUsers: [
          {
            partnersId: PARTNER,
            partnerUserRoles: [{ rolesId: 2 }, { rolesId: 5 }],
            partnerUserEntities: [{ entitiesId: 100 }],
          },
        ],
      }),
    ).toEqual({ userId: 'u9', partnerUsers: [{ partnersId: PARTNER, roles: [2, 5], entityIds: [100] }] });
  });

  it('gives null (anonymous) without a user', () => {
    expect(viewerFromUser(null)).toBeNull();
    expect(viewerFromUser(undefined)).toBeNull();
  });
});
