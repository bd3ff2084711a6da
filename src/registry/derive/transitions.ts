import type { EntityDef } from '../entity';
import { canAccess, READ_ACTIONS, rolesFor, type Roles } from '../policy';
import type { Role } from '../roles';
import type { Transition } from '../workflow';

/** The moves the entity's table allows from `status`, in declaration order. */
export function movesFrom(def: EntityDef, status: unknown): Transition[] {
  return (def.workflow?.transitions ?? []).filter((t) => t.from.includes(String(status)));
}

export function transitionNamed(def: EntityDef, name: string): Transition | undefined {
  return def.workflow?.transitions.find((t) => t.name === name);
}

/**
 * Who may make a move: the roles of its own policy action when it names one; else whoever may edit the
 * record; else whoever may open it (details, view), else list it (payments and reviews are acted on from the list).
 */
export function transitionAction(def: EntityDef, move: Transition): string {
  if (move.action) return move.action;
  if (rolesFor(def.name, 'edit')) return 'edit';
  return READ_ACTIONS.find((a) => rolesFor(def.name, a)) ?? 'list';
}

export function transitionRoles(def: EntityDef, move: Transition): Roles | undefined {
  return rolesFor(def.name, transitionAction(def, move));
}

export function mayMove(role: Role | null | undefined, def: EntityDef, move: Transition): boolean {
  return canAccess(transitionRoles(def, move), role);
}

/** The moves `role` may make from `status`: the details page's buttons and the commands on the record in view. */
export function allowedMoves(role: Role | null | undefined, def: EntityDef, status: unknown): Transition[] {
  return movesFrom(def, status).filter((m) => mayMove(role, def, m));
}

/** The move that reaches `to` from `status`, if the table has one. */
export function moveTo(def: EntityDef, status: unknown, to: string): Transition | undefined {
  return movesFrom(def, status).find((t) => t.to === to);
}
