import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { ForbiddenError, InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole, normaliseRole, ROLE_LABELS, type Role } from "~/shared/roles";
import { roles } from "~/shared/statuses";
import { type Database, db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { accounts, sessions, siteSettings, users, verifications } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";

/** site_settings row written once by the first-run setup; never exposed publicly. */
const SETUP_KEY = "setup";
/** The generated one-time setup code's row in `verifications` (setup-code.server.ts). */
export const SETUP_CODE_ROW_ID = "first-run-setup-code";

export async function isSetupComplete(): Promise<boolean> {
  const [row] = await db
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(eq(siteSettings.key, SETUP_KEY));
  if (row) return true;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .limit(1);
  return Boolean(admin);
}

/** The first administrator exists: setting the site up again is refused (403). */
export class SetupClosedError extends ForbiddenError {
  constructor() {
    super("تم إعداد الموقع مسبقاً");
  }
}

type Executor = Pick<Database, "insert">;

async function insertAccount(
  tx: Executor,
  input: { fullName: string; email: string; passwordHash: string; role: Role },
) {
  const id = randomUUID();
  await tx.insert(users).values({
    id,
    fullName: input.fullName.trim(),
    email: input.email.trim().toLowerCase(),
    emailVerified: true,
    role: input.role,
  });
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.passwordHash,
  });
  return { id, email: input.email.trim().toLowerCase() };
}

/**
 * Creates a verified account with a role, without any permission check or e-mail.
 * For seeds and test fixtures only; the product creates accounts through sign-up and setup.
 */
export async function createAccountAsSystem(input: {
  fullName: string;
  email: string;
  password: string;
  role: Role;
}) {
  const passwordHash = await hashPassword(input.password);
  return insertAccount(db, { ...input, passwordHash });
}

/**
 * Creates the first administrator. Works only while no admin exists and setup never ran;
 * an advisory lock makes simultaneous submissions create one admin at most. The one-time
 * setup code is checked by the caller (the /setup action) and deleted here: it is spent.
 */
export async function createFirstAdmin(input: {
  fullName: string;
  email: string;
  password: string;
}) {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(725001)`);
    const [done] = await tx
      .select({ key: siteSettings.key })
      .from(siteSettings)
      .where(eq(siteSettings.key, SETUP_KEY));
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    if (done || admin) throw new SetupClosedError();
    const { id } = await insertAccount(tx, { ...input, email, passwordHash, role: "admin" });
    await tx.insert(siteSettings).values({
      key: SETUP_KEY,
      value: { primary_admin_email: email, completed_at: new Date().toISOString() },
      updatedBy: id,
    });
    await tx.delete(verifications).where(eq(verifications.id, SETUP_CODE_ROW_ID));
    return { id, email };
  });
}

/** The primary admin: PRIMARY_ADMIN_EMAIL when set, else the admin created by the setup. */
export async function getPrimaryAdminEmail(): Promise<string | null> {
  const configured = getEnv().PRIMARY_ADMIN_EMAIL;
  if (configured) return configured.toLowerCase();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SETUP_KEY));
  const value = row?.value as { primary_admin_email?: string } | undefined;
  return value?.primary_admin_email ?? null;
}

/** A signed-in user changes their own name (spec §6: any role may). */
export async function updateOwnProfile(actor: Actor | null, input: { fullName: string }) {
  const self = assertRole(actor, "viewer");
  await db
    .update(users)
    .set({ fullName: input.fullName.trim(), updatedAt: new Date() })
    .where(eq(users.id, self.id));
}

/**
 * Ends every other session of the user who just signed in (spec §7: a password sign-in first
 * signs out the other sessions). `session` is the new session, the proof of who asks.
 */
export async function endOtherSessions(session: { userId: string; token: string }) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, session.userId), ne(sessions.token, session.token)));
}

/** A user's id, e-mail and role, or null when no such user exists. */
export async function findUserById(
  id: string,
): Promise<{ id: string; email: string; role: Role } | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return user ? { ...user, role: normaliseRole(user.role) } : null;
}

/** A reset link opened from the inbox proves the address, like the confirmation link does. */
export async function markEmailVerified(userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

export const USERS_PAGE_SIZE = 50;

/**
 * One page of the team as the user-management screen lists it (spec §2.10), oldest account
 * first (the unique e-mail breaks ties), and how many accounts there are (docs/decisions/036).
 */
export async function listUsers(actor: Actor | null, page = 1) {
  assertRole(actor, "admin");
  const listed = await readCountedPage(page, USERS_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: users.id,
          fullName: users.fullName,
          email: users.email,
          avatarUrl: users.avatarUrl,
          role: users.role,
          createdAt: users.createdAt,
        })
        .from(users)
        .orderBy(asc(users.createdAt), asc(users.email))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(users),
  });
  return {
    ...listed,
    items: listed.items.map((row) => ({ ...row, role: normaliseRole(row.role) })),
  };
}

export type ListedUser = Awaited<ReturnType<typeof listUsers>>["items"][number];

/** The spec's message (§4, §8) for both refusals: the primary admin, and lowering oneself. */
export const PRIMARY_ADMIN_ROLE_LOCKED = "لا يمكن تغيير دور المشرف الأساسي";

/** A role change the rules forbid (not an error of the system). */
export class RoleChangeRefusedError extends ForbiddenError {
  constructor() {
    super(PRIMARY_ADMIN_ROLE_LOCKED);
  }
}

/**
 * An administrator sets another user's role (spec §4 "User roles"). Nobody else may change
 * the primary admin's role, and an admin may not lower their own, so the site always keeps
 * an administrator. The new role applies at the user's next request (roles are read afresh).
 */
export async function changeUserRole(actor: Actor | null, userId: string, role: Role) {
  const admin = assertRole(actor, "admin");
  if (!roles.includes(role)) throw new InvalidInputError("دور غير معروف", "role");
  const primaryAdminEmail = await getPrimaryAdminEmail();
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) throw new NotFoundError("المستخدم غير موجود");
    const isSelf = target.id === admin.id;
    if (isSelf && role !== "admin") throw new RoleChangeRefusedError();
    if (!isSelf && target.email.toLowerCase() === primaryAdminEmail) {
      throw new RoleChangeRefusedError();
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    // In the audit log with the change, in this transaction (docs/decisions/075).
    await recordStaffAction(tx, {
      actor: admin,
      subject: "users",
      action: "role_changed",
      item: { id: target.id, label: target.fullName || target.email },
      before: { role: ROLE_LABELS[normaliseRole(target.role)] },
      after: { role: ROLE_LABELS[role] },
    });
    return { ...target, role };
  });
}
