import { eq, sql } from "drizzle-orm";
import { type Actor, normaliseRole } from "~/shared/roles";
import { type Database, db, getDatabaseHandle } from "~/utils/db.server";
import { sessions, users } from "../../database/schema";

/** A session's user, with when the session expires (the caller applies better-auth's rules). */
export type SessionActor = Actor & { expiresAt: Date };

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

/**
 * The user of the session with this token, expired or not, or null when there is no such
 * session. No role check: the token is the proof (services/permissions.server.ts reads it).
 */
export async function findSessionActor(token: string): Promise<SessionActor | null> {
  const [row] = await actorBySessionQuery().execute({ token });
  return row ? { ...row, role: normaliseRole(row.role) } : null;
}

/** The user as an actor, or null when no such user exists (after better-auth read the session). */
export async function findActorById(userId: string): Promise<Actor | null> {
  const [row] = await db.select(ACTOR_COLUMNS).from(users).where(eq(users.id, userId));
  return row ? { ...row, role: normaliseRole(row.role) } : null;
}
