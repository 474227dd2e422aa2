import { PLATFORM_PARTNER_ID, Role } from './ids.ts';

// The one permission module used by server and web (spec 6).
//
// Access is per partner and per entity. A partner user (one row per partner)
// holds roles and an entity scope:
// - entityIds lists the entities (programs) the user may access;
// - an EMPTY entityIds means partner-wide scope (all entities of the partner),
//   as long as the user holds at least one role there.
// A platform user holds Administrator for partner 1 and may access everything.

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

/**
 * Partner admin: a platform admin; or a user with at least one entity at the
 * partner; or a user holding Administrator there with no entity scope
 * (partner-wide).
 */
export function isPartnerAdmin(viewer: Viewer, partnersId: number): boolean {
  if (isPlatformAdmin(viewer)) return true;
  return partnerUsersOf(viewer, partnersId).some(
    (pu) => pu.entityIds.length > 0 || pu.roles.includes(Role.Administrator),
  );
}

/**
 * A platform admin; or a partner user of that partner holding a role, whose
 * entity scope is partner-wide (empty) or includes the entity.
 */
export function canAccessEntity(viewer: Viewer, partnersId: number, entitiesId: number): boolean {
  if (isPlatformAdmin(viewer)) return true;
  return partnerUsersOf(viewer, partnersId).some(
    (pu) => pu.roles.length > 0 && (pu.entityIds.length === 0 || pu.entityIds.includes(entitiesId)),
  );
}

/** A user can administer a sponsored record if they can access its entity. */
export function canAdministerSponsored(
  viewer: Viewer,
  sponsored: { partnersId: number; entitiesId: number },
): boolean {
  return canAccessEntity(viewer, sponsored.partnersId, sponsored.entitiesId);
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
