import { redirect } from "react-router";
import { findActorById, findSessionActor } from "~/models/session-actor.server";
import { passesStaffTwoFactor, requireStaffTwoFactor } from "~/services/two-factor.server";
import { ForbiddenError } from "~/shared/domain-errors";
import { type Actor, FORBIDDEN_MESSAGE, hasRole, type Role } from "~/shared/roles";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { cachedRead, forgetReads } from "~/utils/read-cache.server";
import { signedSessionToken } from "~/utils/session-cookie.server";
import { getAuth, SESSION_LIFETIME } from "./auth.server";

/**
 * The signed-in user of this request, or null, WITHOUT the staff gate: only for answers that
 * hold no staff data (the site header's name, the sign-in page). Staff loaders and actions take
 * their actor from `requireRole` or `getStaffActor`; tests/architecture/staff-gate.test.ts
 * refuses it anywhere else (docs/decisions/038). A live session that needs nothing done is read in
 * one query, kept a few seconds in the server process (`readSession`); one that has expired or is
 * due for extension goes through better-auth, which deletes or extends it (its defaults: 7 days,
 * extended once a day old).
 */
export async function getActor(request: Request): Promise<Actor | null> {
  // No session cookie signed with our secret: no session to look up (most public renders).
  const token = signedSessionToken(
    request.headers.get("cookie") ?? undefined,
    getEnv().AUTH_SECRET,
  );
  if (!token) return null;
  try {
    const row = await readSession(token);
    if (!row) return null;
    const { expiresAt, ...actor } = row;
    if (needsBetterAuth(expiresAt)) return await actorThroughBetterAuth(request);
    return actor;
  } catch (error) {
    logger.error({ err: error }, "failed to read the session");
    return null;
  }
}

/**
 * Whether a session token is a viewer's live session that needs nothing done, read as `getActor`
 * reads it: the page cache then answers the stored page viewers share (docs/decisions/096). A
 * staff member's session, an ended one and one due for better-auth (to be extended or deleted,
 * with a cookie to set) are not: those pages are rendered.
 */
export async function isViewerSession(token: string): Promise<boolean> {
  try {
    const row = await readSession(token);
    return row?.role === "viewer" && !needsBetterAuth(row.expiresAt);
  } catch (error) {
    logger.error({ err: error }, "failed to read the session");
    return false;
  }
}

/** What `readSession` keeps is forgotten under this table name. */
const SESSION_READS = "sessions";
/**
 * How long the server process keeps a session read: a page and the requests that follow it ask
 * the database once. Every request that may write forgets them all when it ends
 * (`forgetSessionReads`), and so does every process when PostgreSQL announces a session ended or
 * a user's role changed (database/migrations/0009, server/realtime.ts): a sign-out or a role
 * change applies at the next request on every process (docs/decisions/027, 038). The time only
 * bounds a change no announcement covers.
 */
const SESSION_READ_TTL_MS = 10_000;

/** The session's user (a prepared query, the hot path): from the database, or read within SESSION_READ_TTL_MS. */
function readSession(token: string) {
  return cachedRead(`session:${token}`, SESSION_READS, { ttlMs: SESSION_READ_TTL_MS }, () =>
    findSessionActor(token),
  );
}

/**
 * Forgets the sessions read; the server calls it as each request that may write ends, and when a
 * session or role change made anywhere is announced.
 */
export function forgetSessionReads() {
  forgetReads({ table: SESSION_READS });
}

/** Expired (to be deleted), or older than a day (to be extended): better-auth's own rules. */
function needsBetterAuth(expiresAt: Date) {
  const { expiresIn, updateAge } = SESSION_LIFETIME;
  const now = Date.now();
  return (
    expiresAt.getTime() <= now || expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now
  );
}

async function actorThroughBetterAuth(request: Request): Promise<Actor | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  // better-auth has deleted or extended the session: the row kept of it is out of date.
  forgetSessionReads();
  if (!session) return null;
  return findActorById(session.user.id);
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
}

/**
 * Loaders and actions that need a signed-in user; others go to /login. Not the staff gate: for
 * one's own account only (docs/decisions/038).
 */
export async function requireUser(request: Request): Promise<Actor> {
  const actor = await getActor(request);
  if (!actor) loginRedirect(request);
  return actor;
}

/**
 * Needs at least `role`. Signed-out visitors go to /login; a signed-in user without the role
 * gets a 403 page (not /login, which would send them straight back: see docs/decisions).
 */
export async function requireRole(request: Request, role: Role): Promise<Actor> {
  const actor = await requireUser(request);
  if (!hasRole(actor, role)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  return hasRole(actor, "editor") ? requireStaffTwoFactor(actor) : actor;
}

/**
 * The actor of a staff action that answers a signed-out caller itself (401, not /login): null
 * when signed out. Staff who must set up two-factor sign-in first are sent there, as by
 * `requireRole` (ADMIN_TWO_FACTOR=required, docs/decisions/019).
 */
export async function getStaffActor(request: Request): Promise<Actor | null> {
  const actor = await getActor(request);
  return actor && hasRole(actor, "editor") ? requireStaffTwoFactor(actor) : actor;
}

/**
 * The actor of an answer that shows staff more but sends no one anywhere (the live stream's
 * audience, a draft's preview link): staff who have not passed the staff gate (two-factor
 * sign-in still to set up) count as signed out.
 */
export async function getActorPastStaffGate(request: Request): Promise<Actor | null> {
  const actor = await getActor(request);
  return actor && (await passesStaffTwoFactor(actor)) ? actor : null;
}
