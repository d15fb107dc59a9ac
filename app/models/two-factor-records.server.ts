import { randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { twoFactors, users, verifications } from "../../database/schema";

// The rows of better-auth's two-factor plugin and our markers, for services/two-factor.server.ts,
// which checks the actor before it calls any of these (the user's own records only).

/** Whether two-factor sign-in is on for the user (better-auth sets the flag when it is confirmed). */
export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.enabled);
}

/** The user's two-factor secret (encrypted), confirmed or not, or undefined when none. */
export async function findTwoFactorSecret(userId: string) {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  return row;
}

/** Drops a set-up the user started and never confirmed with a code. */
export async function forgetUnconfirmedTwoFactorSetup(userId: string) {
  await db
    .delete(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)));
}

const showCodesMarker = (userId: string) => `two-factor-show-codes:${userId}`;

/** Leaves (or renews) the marker that the user's recovery codes are to be shown once. */
export async function markRecoveryCodesToShow(userId: string, until: Date) {
  await db.delete(verifications).where(eq(verifications.identifier, showCodesMarker(userId)));
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: showCodesMarker(userId),
    value: userId,
    expiresAt: until,
  });
}

/** Takes the marker away: true when there was one that had not expired (never twice). */
export async function takeRecoveryCodesMarker(userId: string): Promise<boolean> {
  const consumed = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, showCodesMarker(userId)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning({ id: verifications.id });
  return consumed.length > 0;
}
