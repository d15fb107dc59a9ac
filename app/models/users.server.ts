import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getAuth } from "~/utils/auth.server";
import { type Database, db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { Role } from "~/utils/roles";
import { accounts, siteSettings, users } from "../../database/schema";

/** site_settings row written once by the first-run setup; never exposed publicly. */
const SETUP_KEY = "setup";

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

export class SetupClosedError extends Error {}

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
  const ctx = await getAuth().$context;
  const passwordHash = await ctx.password.hash(input.password);
  return insertAccount(db, { ...input, passwordHash });
}

/**
 * Creates the first administrator. Works only while no admin exists and setup never ran;
 * an advisory lock makes two simultaneous submissions create one admin at most.
 */
export async function createFirstAdmin(input: {
  fullName: string;
  email: string;
  password: string;
}) {
  const ctx = await getAuth().$context;
  const passwordHash = await ctx.password.hash(input.password);
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
