import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { passesStaffTwoFactor, requireStaffTwoFactor } from "~/services/two-factor.server";
import { type Actor, FORBIDDEN_MESSAGE, hasRole, normaliseRole, type Role } from "~/shared/roles";
import { type Database, db, getDatabaseHandle } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { cachedRead, forgetReads } from "~/utils/read-cache.server";
import { signedSessionToken } from "~/utils/session-cookie.server";
import { sessions, users } from "../../database/schema";
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
    const [row] = await readSession(token);
    if (!row) return null;
    const { expiresAt, ...actor } = row;
    if (needsBetterAuth(expiresAt)) return await actorThroughBetterAuth(request);
    return { ...actor, role: normaliseRole(actor.role) };
  } catch (error) {
    logger.error({ err: error }, "failed to read the session");
    return null;
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

/** The session's row joined to its user: from the database, or read within SESSION_READ_TTL_MS. */
function readSession(token: string) {
  return cachedRead(`session:${token}`, SESSION_READS, { ttlMs: SESSION_READ_TTL_MS }, () =>
    actorBySessionQuery().execute({ token }),
  );
}

/**
 * Forgets the sessions read; the server calls it as each request that may write ends, and when a
 * session or role change made anywhere is announced.
 */
export function forgetSessionReads() {
  forgetReads({ table: SESSION_READS });
}

const ACTOR_COLUMNS = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
};

/**
 * The session's user, as a prepared query: it runs on nearly every signed-in request, and
 * building its SQL each time cost a third of it. One per database handle (tests install several).
 */
const actorBySession = new WeakMap<object, ReturnType<typeof prepareActorBySession>>();

function prepareActorBySession(database: Database) {
  return database
    .select({ ...ACTOR_COLUMNS, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("actor_by_session");
}

function actorBySessionQuery() {
  const database = getDatabaseHandle().db;
  const query = actorBySession.get(database) ?? prepareActorBySession(database);
  actorBySession.set(database, query);
  return query;
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
  const [row] = await db.select(ACTOR_COLUMNS).from(users).where(eq(users.id, session.user.id));
  return row ? { ...row, role: normaliseRole(row.role) } : null;
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
  if (!hasRole(actor, role)) {
    throw new Response(FORBIDDEN_MESSAGE, { status: 403, statusText: "Forbidden" });
  }
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
