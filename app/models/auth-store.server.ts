import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, eq, like, ne } from "drizzle-orm";
import { db } from "~/utils/db.server";
import * as schema from "../../database/schema";

// better-auth keeps its users, sessions, accounts, links and codes in our tables: this module is
// where it reaches them, so services/auth.server.ts configures it without touching the database
// (docs/decisions/043).

/** better-auth's `database` option: its Drizzle adapter over our handle and its tables. */
export function authDatabaseAdapter() {
  return drizzleAdapter(db, {
    provider: "pg",
    schema: {
      users: schema.users,
      sessions: schema.sessions,
      accounts: schema.accounts,
      verifications: schema.verifications,
      rateLimits: schema.rateLimits,
      twoFactors: schema.twoFactors,
    },
  });
}

/**
 * A newer reset link replaces the older ones: deletes the user's reset tokens but `token`
 * (every one of them when null).
 */
export async function keepOnlyResetToken(userId: string, token: string | null) {
  await db
    .delete(schema.verifications)
    .where(
      and(
        like(schema.verifications.identifier, "reset-password:%"),
        eq(schema.verifications.value, userId),
        token ? ne(schema.verifications.identifier, `reset-password:${token}`) : undefined,
      ),
    );
}
