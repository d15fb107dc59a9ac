import { ForbiddenError, UnauthenticatedError } from "./domain-errors";
import type { Role } from "./statuses";

export type { Role };

/** The signed-in user as every model and guard sees them. */
export interface Actor {
  id: string;
  email: string;
  fullName: string;
  role: Role;
}

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

/** Anything but a known role is treated as a plain viewer (spec §3). */
export function normaliseRole(value: unknown): Role {
  return value === "admin" || value === "editor" ? value : "viewer";
}

export function hasRole(actor: Pick<Actor, "role"> | null | undefined, needed: Role): boolean {
  return Boolean(actor) && RANK[normaliseRole(actor?.role)] >= RANK[needed];
}

/** Editors and admins may manage content (spec §6: canManageContent). */
export const canManageContent = (actor: Pick<Actor, "role"> | null | undefined) =>
  hasRole(actor, "editor");

export const ROLE_LABELS: Record<Role, string> = { admin: "مدير", editor: "محرر", viewer: "مشاهد" };

export const FORBIDDEN_MESSAGE = "ليست لديك صلاحية للقيام بهذا الإجراء";
export const SIGN_IN_FIRST = "يجب تسجيل الدخول أولاً";

/**
 * Model-level guard: throws a 401/403 refusal (app/shared/domain-errors.ts) when the actor lacks
 * the role.
 * Models call it first, so a route that forgets its own guard is still safe.
 */
export function assertRole(actor: Actor | null | undefined, needed: Role): Actor {
  if (!actor) throw new UnauthenticatedError(SIGN_IN_FIRST);
  if (!hasRole(actor, needed)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  return actor;
}
