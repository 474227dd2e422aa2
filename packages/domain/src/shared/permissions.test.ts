import { describe, it, expect } from 'vitest';
import { Role } from './ids.ts';
import {
  ACTIONS,
  actionScope,
  actionsFor,
  can,
  canAccessEntity,
  canAccessPrivateDemo,
  canAdministerSponsored,
  hasAnyPartnerPermission,
  hasAnyPartnerRole,
  isPartnerAdmin,
  isPlatformAdmin,
  isProgramScoped,
  rolesFor,
  showAdministrationLink,
  staffedPartnerIds,
  viewerFromUser,
} from './permissions.ts';
import type { Action, Viewer } from './permissions.ts';

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

/*
 * The role map as a table (decision 022): for each action, what each role alone grants, partner-wide
 * (P) and limited to programs 100 and 101 (S), written out so a change to ROLE_ACTIONS must change
 * this table too. Columns: Administrator, Reporting, Management, Messages, DonorManagement.
 */
// prettier-ignore
const ROLE_TABLE: Record<Action, string> = {
  //                     Admin  Report  Manage  Messag  Donors
  //                     P S    P S     P S     P S     P S
  'records.view':      'y y    y y     y y     y y     y y',
  'records.manage':    'y y    - -     y y     - -     - -',
  'pictures.manage':   'y y    - -     y y     - -     - -',
  'types.manage':      'y -    - -     - -     - -     - -',
  'programs.manage':   'y y    - -     y y     - -     - -',
  'updates.manage':    'y y    - -     y y     y y     - -',
  'sponsors.view':     'y y    y y     - -     - -     y y',
  'sponsors.manage':   'y y    - -     - -     - -     y y',
  'donations.view':    'y y    y y     - -     - -     y y',
  'donations.refund':  'y -    - -     - -     - -     y -',
  'donations.manage':  'y -    - -     - -     - -     y -',
  'codes.manage':      'y -    - -     - -     - -     y -',
  'reports.view':      'y y    y y     - -     - -     - -',
  'letters.moderate':  'y y    - -     - -     y y     - -',
  'settings.manage':   'y -    - -     - -     - -     - -',
  'team.manage':       'y -    - -     - -     - -     - -',
  'audit.view':        'y -    - -     - -     - -     - -',
  'platform.console':  '- -    - -     - -     - -     - -',
};

const ROLE_IDS = [Role.Administrator, Role.Reporting, Role.Management, Role.Messages, Role.DonorManagement];

describe('the role map', () => {
  it('has a row in the table for every action, and only for actions', () => {
    expect(Object.keys(ROLE_TABLE).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    it(`${action}: each role alone, partner-wide and program-scoped, as the table says`, () => {
      const expected = ROLE_TABLE[action].split(/\s+/);
      const actual = ROLE_IDS.flatMap((role) => {
        const wide = viewer({ partnersId: PARTNER, roles: [role], entityIds: [] });
        const scoped = viewer({ partnersId: PARTNER, roles: [role], entityIds: [100, 101] });
        return [wide, scoped].map((v) =>
          can(v, action, { partnersId: PARTNER, entitiesId: 100 }) ? 'y' : '-',
        );
      });
      expect(actual).toEqual(expected);
    });
  }

  it('gives a platform administrator every action at every partner, and nobody else the console', () => {
    for (const action of ACTIONS)
      expect(can(platformAdmin, action, { partnersId: OTHER_PARTNER })).toBe(true);
    expect(actionsFor(partnerAdmin, PARTNER)).not.toContain('platform.console');
    expect(actionsFor(platformReporter, 1)).not.toContain('platform.console');
  });
});

describe('can, with a program scope', () => {
  it('limits a program-scoped person to their programs, every program asked being theirs', () => {
    expect(can(programManager, 'records.manage', { partnersId: PARTNER, entitiesId: 101 })).toBe(true);
    expect(can(programManager, 'records.manage', { partnersId: PARTNER, entitiesId: 102 })).toBe(false);
    expect(can(programManager, 'records.manage', { partnersId: PARTNER, entitiesId: [100, 101] })).toBe(true);
    expect(can(programManager, 'records.manage', { partnersId: PARTNER, entitiesId: [100, 102] })).toBe(
      false,
    );
  });

  it('lets a program-scoped person open a program-level section (its lists are then limited)', () => {
    expect(can(programManager, 'records.view', { partnersId: PARTNER })).toBe(true);
    expect(actionScope(programManager, 'records.view', PARTNER)).toEqual([100, 101]);
    expect(isProgramScoped(programManager, 'records.view', PARTNER)).toBe(true);
    expect(actionScope(partnerReporter, 'records.view', PARTNER)).toBe('all');
  });

  it('never grants a partner-level action to a program-scoped Administrator', () => {
    const programAdmin = viewer({ partnersId: PARTNER, roles: [Role.Administrator], entityIds: [100] });
    expect(can(programAdmin, 'settings.manage', { partnersId: PARTNER })).toBe(false);
    expect(actionScope(programAdmin, 'team.manage', PARTNER)).toBeNull();
  });

  it('adds up several rows at one partner: one partner-wide row makes the action partner-wide', () => {
    const twoRows = viewer(
      { partnersId: PARTNER, roles: [Role.Management], entityIds: [100] },
      { partnersId: PARTNER, roles: [Role.Reporting], entityIds: [] },
    );
    expect(actionScope(twoRows, 'records.view', PARTNER)).toBe('all');
    expect(actionScope(twoRows, 'records.manage', PARTNER)).toEqual([100]);
    expect(actionScope(twoRows, 'reports.view', PARTNER)).toBe('all');
  });

  it('grants an entity list held without a role records.view there only (spec 6)', () => {
    expect(can(entityOnly, 'records.view', { partnersId: PARTNER, entitiesId: 100 })).toBe(true);
    expect(can(entityOnly, 'records.view', { partnersId: PARTNER, entitiesId: 101 })).toBe(false);
    expect(actionsFor(entityOnly, PARTNER)).toEqual(['records.view']);
  });

  it('grants nothing at another partner, to a person without roles or to a visitor', () => {
    expect(actionsFor(partnerAdmin, OTHER_PARTNER)).toEqual([]);
    expect(actionsFor(plainUser, PARTNER)).toEqual([]);
    expect(actionsFor(anonymous, PARTNER)).toEqual([]);
    expect(can(anonymous, 'records.view', { partnersId: PARTNER })).toBe(false);
  });
});

describe('staffedPartnerIds', () => {
  it('lists the partners where the person holds a role, once each and sorted', () => {
    const twoPartners = viewer(
      { partnersId: OTHER_PARTNER, roles: [Role.Reporting], entityIds: [] },
      { partnersId: PARTNER, roles: [Role.Management], entityIds: [100] },
      { partnersId: PARTNER, roles: [Role.Messages], entityIds: [] },
    );
    expect(staffedPartnerIds(twoPartners)).toEqual([PARTNER, OTHER_PARTNER]);
    expect(staffedPartnerIds(entityOnly)).toEqual([]);
    expect(staffedPartnerIds(anonymous)).toEqual([]);
  });
});

describe('the deprecated pre-action rules, kept for code still moving to can()', () => {
  it('isPartnerAdmin: a platform admin, anyone with an entity, or a partner-wide Administrator', () => {
    expect(isPartnerAdmin(platformAdmin, PARTNER)).toBe(true);
    expect(isPartnerAdmin(programManager, PARTNER)).toBe(true);
    expect(isPartnerAdmin(entityOnly, PARTNER)).toBe(true);
    expect(isPartnerAdmin(partnerAdmin, PARTNER)).toBe(true);
    expect(isPartnerAdmin(partnerReporter, PARTNER)).toBe(false);
    expect(isPartnerAdmin(partnerAdmin, OTHER_PARTNER)).toBe(false);
    expect(isPartnerAdmin(anonymous, PARTNER)).toBe(false);
  });

  it('canAccessEntity: a role, partner-wide or including the entity', () => {
    expect(canAccessEntity(platformAdmin, PARTNER, 999)).toBe(true);
    expect(canAccessEntity(partnerReporter, PARTNER, 999)).toBe(true);
    expect(canAccessEntity(programManager, PARTNER, 101)).toBe(true);
    expect(canAccessEntity(programManager, PARTNER, 102)).toBe(false);
    expect(canAccessEntity(entityOnly, PARTNER, 100)).toBe(false);
    expect(canAccessEntity(anonymous, PARTNER, 100)).toBe(false);
  });
});

describe('canAdministerSponsored', () => {
  it('holds when the viewer may see records in the record’s program', () => {
    expect(canAdministerSponsored(programManager, { partnersId: PARTNER, entitiesId: 100 })).toBe(true);
    expect(canAdministerSponsored(entityOnly, { partnersId: PARTNER, entitiesId: 100 })).toBe(true);
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
