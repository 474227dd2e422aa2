import { ACTION_DEFINITIONS, actionScope, can, type Action } from '@kinship/domain';
import { inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { forbidden, unauthorized } from './errors.ts';
import type { RequestViewer } from './viewer.ts';

/**
 * Access by action (decision 022). Every staff service's first act is `requireAccess`: it decides
 * with the domain's `can` (the same rule the web app shows and hides by) and answers the viewer's
 * program scope for the action, which list queries put in their `where` with `scopeCondition`.
 */

/** What access needs to know of a call: the site's partner and who is asking. */
export interface AccessContext {
  partner: { id: number };
  viewer: RequestViewer | null;
}

/** The viewer's reach for one action at the site's partner: every program, or these. */
export interface AccessScope {
  action: Action;
  partnersId: number;
  entityIds: 'all' | readonly number[];
}

/** The ids a call is about: the program (entity) of each object, once the objects are loaded. */
export interface AccessIds {
  entitiesId?: number | readonly number[] | undefined;
}

/** The 403 text when nothing more specific is given: the action in words. */
export function deniedMessage(action: Action): string {
  return `You do not have permission to do this (${ACTION_DEFINITIONS[action].label.toLowerCase()}).`;
}

/**
 * 401 without a session; 403 unless the viewer may do `action` at the site's partner, for every
 * program in `ids` when given. Answers the viewer's scope for list queries.
 */
export function requireAccess(
  ctx: AccessContext,
  action: Action,
  ids: AccessIds = {},
  message: string = deniedMessage(action),
): AccessScope {
  if (!ctx.viewer) throw unauthorized();
  const permissions = ctx.viewer.permissions;
  if (!can(permissions, action, { partnersId: ctx.partner.id, entitiesId: ids.entitiesId })) {
    throw forbidden(message);
  }
  const scope = actionScope(permissions, action, ctx.partner.id);
  return { action, partnersId: ctx.partner.id, entityIds: scope === 'all' || scope === null ? 'all' : scope };
}

/**
 * The `where` condition that keeps a list to the scope's programs: nothing for partner-wide
 * access, `column IN (...)` for a program-scoped person (and a false condition for an empty list,
 * which `requireAccess` never answers but a caller might build).
 */
export function scopeCondition(scope: AccessScope, entityColumn: Column): SQL | undefined {
  if (scope.entityIds === 'all') return undefined;
  if (scope.entityIds.length === 0) return sql`false`;
  return inArray(entityColumn, [...scope.entityIds]);
}
