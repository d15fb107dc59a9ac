import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { getEnv, getSiteUrl } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { verifications } from "../../database/schema";
import { consumeRateLimit, isRateLimitingEnabled, type RateLimitRule } from "./rate-limits.server";
import { isSetupComplete, SETUP_CODE_ROW_ID } from "./users.server";

/** No look-alike characters (0/O, 1/I/L), so a code read off a screen can be typed. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Attempts at the code per client, while the setup is open. */
export const SETUP_CODE_ATTEMPTS: RateLimitRule = { max: 10, window: 15 * 60 };

function generateCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-"); // 16 characters: about 79 bits
}

/**
 * The one-time code /setup asks for: SETUP_CODE when set, else one generated the first time it
 * is needed and kept in the database, so every process of the site accepts the same code.
 */
export async function getSetupCode(): Promise<string> {
  const configured = getEnv().SETUP_CODE;
  if (configured) return configured;
  // A fixed id: processes starting together insert one row, and all read the same code.
  await db
    .insert(verifications)
    .values({
      id: SETUP_CODE_ROW_ID,
      identifier: SETUP_CODE_ROW_ID,
      value: generateCode(),
      expiresAt: new Date(Date.now() + 100 * 365 * 24 * 60 * 60 * 1000),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.id, SETUP_CODE_ROW_ID));
  return row.value;
}

/** Equal codes, compared in constant time (hashes first, so the lengths never leak either). */
function sameCode(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text.trim()).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export type SetupCodeCheck =
  | { status: "correct" }
  | { status: "wrong" }
  | { status: "limited"; retryAfterSeconds: number };

/** Checks a submitted code; each attempt counts against the client's limit. */
export async function checkSetupCode(
  given: string,
  client: string | null,
): Promise<SetupCodeCheck> {
  if (isRateLimitingEnabled()) {
    const limit = await consumeRateLimit(`setup-code|${client ?? "unknown"}`, SETUP_CODE_ATTEMPTS);
    if (!limit.allowed) return { status: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  return sameCode(given, await getSetupCode()) ? { status: "correct" } : { status: "wrong" };
}

/**
 * At start-up, while no administrator exists: logs where to create the first one. A generated
 * code is part of the link; a configured SETUP_CODE is not repeated in the logs.
 * Returns the link that was logged, or null once the site is set up.
 */
export async function announceSetupLink(): Promise<string | null> {
  if (await isSetupComplete()) return null;
  const setupUrl = `${getSiteUrl()}/setup`;
  if (getEnv().SETUP_CODE) {
    logger.warn(`First run: open ${setupUrl} and enter SETUP_CODE to create the administrator`);
    return setupUrl;
  }
  const link = `${setupUrl}?code=${encodeURIComponent(await getSetupCode())}`;
  logger.warn(`First run: open ${link} to create the first administrator`);
  return link;
}
