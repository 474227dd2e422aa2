import { PLATFORM_PARTNER_ID, Role, type RoleId } from './ids.ts';

// The one permission module used by server and web (spec 6).
//
// Access is per partner and per entity. A partner user (one row per partner)
// holds roles and an entity scope:
// - roles grant actions (ROLE_ACTIONS below, decision 022);
// - entityIds lists the entities (programs) those roles are limited to;
// - an EMPTY entityIds means partner-wide scope (all entities of the partner).
// An entity list without a role grants records.view there only (ENTITY_ONLY_ACTIONS).
// A platform user holds Administrator for partner 1 and may do everything everywhere.

export type ViewerPartnerUser = {
  partnersId: number;
  roles: readonly number[];
  entityIds: readonly number[];
};

export type Viewer = { userId: string; partnerUsers: readonly ViewerPartnerUser[] } | null;

function partnerUsersOf(viewer: Viewer, partnersId: number): readonly ViewerPartnerUser[] {
  return viewer ? viewer.partnerUsers.filter((pu) => pu.partnersId === partnersId) : [];
}

/** Holds the Administrator role for partner 1 (the platform owner). */
export function isPlatformAdmin(viewer: Viewer): boolean {
  return partnerUsersOf(viewer, PLATFORM_PARTNER_ID).some((pu) => pu.roles.includes(Role.Administrator));
}

/** Role ids the viewer holds at a partner, sorted and without duplicates. */
export function rolesFor(viewer: Viewer, partnersId: number): number[] {
  const roles = new Set(partnerUsersOf(viewer, partnersId).flatMap((pu) => pu.roles));
  return [...roles].sort((a, b) => a - b);
}

/** Any role at the partner; a platform admin counts. Shows the Administration link. */
export function hasAnyPartnerRole(viewer: Viewer, partnersId: number): boolean {
  return isPlatformAdmin(viewer) || rolesFor(viewer, partnersId).length > 0;
}

/** Any role or any entity at the partner; a platform admin counts. */
export function hasAnyPartnerPermission(viewer: Viewer, partnersId: number): boolean {
  return (
    isPlatformAdmin(viewer) ||
    partnerUsersOf(viewer, partnersId).some((pu) => pu.roles.length > 0 || pu.entityIds.length > 0)
  );
}

// ---------------------------------------------------------------------------------------------
// Actions (decision 022). Roles grant actions; a partner user's entity list narrows where.
// ---------------------------------------------------------------------------------------------

/**
 * Where an action is decided:
 * - `program`: per program (entity); a program-scoped person may do it for their programs only,
 *   and their lists and counts hold their programs' rows only;
 * - `partner`: for the whole partner; only a partner-wide person (no entity list) may do it;
 * - `platform`: only a platform administrator.
 */
export type ActionLevel = 'program' | 'partner' | 'platform';

/** Every staff action, with its level and the words the dashboard uses for it. */
export const ACTION_DEFINITIONS = {
  'records.view': { level: 'program', label: 'See sponsored records, masked ones in full' },
  'records.manage': { level: 'program', label: 'Add, edit and archive sponsored records' },
  'pictures.manage': { level: 'program', label: 'Upload and remove pictures' },
  'types.manage': { level: 'partner', label: 'Edit sponsored types and plans' },
  'programs.manage': { level: 'program', label: 'Edit programs' },
  'updates.manage': { level: 'program', label: 'Write updates to sponsors' },
  'sponsors.view': { level: 'program', label: 'See sponsors and sponsorships' },
  'sponsors.manage': { level: 'program', label: 'Change and end sponsorships, edit sponsors' },
  'donations.view': { level: 'program', label: 'See donations and payments' },
  'donations.refund': { level: 'partner', label: 'Refund payments' },
  'donations.manage': { level: 'partner', label: 'Send the year-end receipts to every donor' },
  'codes.manage': { level: 'partner', label: 'Issue trial codes and lightning links, and see codes in full' },
  'reports.view': { level: 'program', label: 'Run and export reports' },
  'letters.moderate': { level: 'program', label: 'Moderate letters' },
  'settings.manage': { level: 'partner', label: 'Edit settings, branding and payments account' },
  'team.manage': { level: 'partner', label: 'Invite staff and assign roles' },
  'audit.view': { level: 'partner', label: 'Read the audit trail' },
  'platform.console': { level: 'platform', label: 'Use the platform console' },
} as const satisfies Record<string, { level: ActionLevel; label: string }>;

export type Action = keyof typeof ACTION_DEFINITIONS;
export const ACTIONS = Object.keys(ACTION_DEFINITIONS) as Action[];

/**
 * The role map: what each role grants. Administrator runs the partner; Reporting reads and
 * exports; Management runs programs (records, pictures, programs, updates); Messages handles what
 * sponsors and children say to each other; DonorManagement cares for sponsors and their giving.
 * Nobody but a platform administrator uses the platform console.
 */
export const ROLE_ACTIONS: Readonly<Record<RoleId, readonly Action[]>> = {
  [Role.Administrator]: ACTIONS.filter((a) => ACTION_DEFINITIONS[a].level !== 'platform'),
  [Role.Reporting]: ['records.view', 'sponsors.view', 'donations.view', 'reports.view'],
  [Role.Management]: [
    'records.view',
    'records.manage',
    'pictures.manage',
    'programs.manage',
    'updates.manage',
  ],
  [Role.Messages]: ['records.view', 'updates.manage', 'letters.moderate'],
  [Role.DonorManagement]: [
    'records.view',
    'sponsors.view',
    'sponsors.manage',
    'donations.view',
    'donations.refund',
    'donations.manage',
    'codes.manage',
  ],
};

/**
 * Spec 6: "a user is admin for a partner if they have at least one entity there" and "can
 * administer a sponsored record if they can access its entity", where what a partner admin does is
 * see pictures, updates and the unmasked profile. So an entity list held without any role grants
 * exactly that, `records.view`, in those programs; every other action needs a role.
 */
export const ENTITY_ONLY_ACTIONS: readonly Action[] = ['records.view'];

function grants(pu: ViewerPartnerUser, action: Action): boolean {
  if (pu.roles.length === 0) return pu.entityIds.length > 0 && ENTITY_ONLY_ACTIONS.includes(action);
  return pu.roles.some((role) => (ROLE_ACTIONS[role as RoleId] ?? []).includes(action));
}

/**
 * Where the viewer may do an action at a partner: `'all'` (partner-wide), the program ids they
 * are limited to, or null (not at all). Rows granting the action add up: one partner-wide row
 * makes it partner-wide. Partner-level actions need a partner-wide row.
 */
export function actionScope(viewer: Viewer, action: Action, partnersId: number): 'all' | number[] | null {
  if (isPlatformAdmin(viewer)) return 'all';
  const level = ACTION_DEFINITIONS[action].level;
  if (level === 'platform') return null;
  const rows = partnerUsersOf(viewer, partnersId).filter((pu) => grants(pu, action));
  if (rows.some((pu) => pu.entityIds.length === 0)) return 'all';
  if (level === 'partner' || rows.length === 0) return null;
  return [...new Set(rows.flatMap((pu) => pu.entityIds))].sort((a, b) => a - b);
}

/** Where an action is asked: a partner, and for a program-level action optionally its programs. */
export interface ActionTarget {
  partnersId: number;
  /** The program(s) of the objects concerned; every one must be in the viewer's scope. */
  entitiesId?: number | readonly number[] | undefined;
}

/**
 * May the viewer do `action` at `target`? With no program given, a program-scoped person may
 * (their lists are then limited to their programs); with programs given, each must be theirs.
 * The web app uses it to show or hide; the server enforces it with `requireAccess`.
 */
export function can(viewer: Viewer, action: Action, target: ActionTarget): boolean {
  const scope = actionScope(viewer, action, target.partnersId);
  if (scope === null) return false;
  if (scope === 'all' || target.entitiesId === undefined) return true;
  const ids = typeof target.entitiesId === 'number' ? [target.entitiesId] : target.entitiesId;
  return ids.every((id) => scope.includes(id));
}

/**
 * Whether the viewer's roles grant a partner-level action only in some programs (so it is refused:
 * the refusal can say it needs access to every program).
 */
export function heldInProgramsOnly(viewer: Viewer, action: Action, partnersId: number): boolean {
  if (isPlatformAdmin(viewer)) return false;
  const rows = partnerUsersOf(viewer, partnersId).filter((pu) => grants(pu, action));
  return rows.length > 0 && rows.every((pu) => pu.entityIds.length > 0);
}

/** Every action the viewer may do somewhere at the partner (the dashboard's navigation). */
export function actionsFor(viewer: Viewer, partnersId: number): Action[] {
  return ACTIONS.filter((action) => can(viewer, action, { partnersId }));
}

/** Whether the viewer works for the partner in a program-limited way for this action. */
export function isProgramScoped(viewer: Viewer, action: Action, partnersId: number): boolean {
  return Array.isArray(actionScope(viewer, action, partnersId));
}

/** Partners where the viewer holds a role (the dashboard's partner switcher), sorted. */
export function staffedPartnerIds(viewer: Viewer): number[] {
  if (!viewer) return [];
  const ids = viewer.partnerUsers.filter((pu) => pu.roles.length > 0).map((pu) => pu.partnersId);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * @deprecated Use `can(viewer, action, target)`. The pre-action rule, kept unchanged while code
 * written against it (in parallel branches) moves over: a platform admin; a user with at least one
 * entity at the partner; or an Administrator there with partner-wide scope.
 */
export function isPartnerAdmin(viewer: Viewer, partnersId: number): boolean {
  if (isPlatformAdmin(viewer)) return true;
  return partnerUsersOf(viewer, partnersId).some(
    (pu) => pu.entityIds.length > 0 || pu.roles.includes(Role.Administrator),
  );
}

/**
 * @deprecated Use `can(viewer, 'records.view', { partnersId, entitiesId })`. The pre-action rule,
 * kept unchanged: a platform admin; or a partner user holding a role whose entity scope is
 * partner-wide (empty) or includes the entity.
 */
export function canAccessEntity(viewer: Viewer, partnersId: number, entitiesId: number): boolean {
  if (isPlatformAdmin(viewer)) return true;
  return partnerUsersOf(viewer, partnersId).some(
    (pu) => pu.roles.length > 0 && (pu.entityIds.length === 0 || pu.entityIds.includes(entitiesId)),
  );
}

/** A person who may see a sponsored record in full: `records.view` in the record's program. */
export function canAdministerSponsored(
  viewer: Viewer,
  sponsored: { partnersId: number; entitiesId: number },
): boolean {
  return can(viewer, 'records.view', sponsored);
}

/** Any partner permission grants access to a private demo site. */
export function canAccessPrivateDemo(viewer: Viewer, partnersId: number): boolean {
  return hasAnyPartnerPermission(viewer, partnersId);
}

/** Any partner role shows the Administration link. */
export function showAdministrationLink(viewer: Viewer, partnersId: number): boolean {
  return hasAnyPartnerRole(viewer, partnersId);
}

/** The user record's shape for partner users (spec 3, "User"). */
export type UserWithPartnerUsers = {
  id: string | number;
  partnerUsers: readonly {
    partnersId: number;
    partnerUserRoles: readonly { rolesId: number }[];
    partnerUserEntities: readonly { entitiesId: number }[];
  }[];
};

/** Builds a Viewer from a user record; no user gives null (anonymous). */
export function viewerFromUser(user: UserWithPartnerUsers | null | undefined): Viewer {
  if (!user) return null;
  return {
    userId: String(user.id),
    partnerUsers: user.partnerUsers.map((pu) => ({
      partnersId: pu.partnersId,
      roles: pu.partnerUserRoles.map((r) => r.rolesId),
      entityIds: pu.partnerUserEntities.map((e) => e.entitiesId),
    })),
  };
}
