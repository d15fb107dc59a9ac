import { randomUUID } from "node:crypto";
import { and, like, lt, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { rateLimits } from "../../database/schema";

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  max: number;
  /** Window length in seconds. */
  window: number;
}

/**
 * Rate limiting is always on, except under the test runner, where it is off unless
 * RIFQ_RATE_LIMIT=on, so that tests signing in many times stay deterministic.
 * Read on every call so a test can switch it on for itself.
 */
export function isRateLimitingEnabled(): boolean {
  return process.env.NODE_ENV !== "test" || process.env.RIFQ_RATE_LIMIT === "on";
}

/** Our keys share better-auth's table; its keys look like `ip|/path`, ours start with `rifq:`. */
const KEY_PREFIX = "rifq:";
/** Rows idle this long are deleted, so one-off keys (an e-mail tried once) don't pile up. */
const PRUNE_AFTER_MS = 60 * 60 * 1000;
let nextPruneAt = 0;

async function pruneIdleKeys(now: number) {
  if (now < nextPruneAt) return;
  nextPruneAt = now + PRUNE_AFTER_MS / 6;
  await db
    .delete(rateLimits)
    .where(
      and(like(rateLimits.key, `${KEY_PREFIX}%`), lt(rateLimits.lastRequest, now - PRUNE_AFTER_MS)),
    );
}

/**
 * Counts one attempt for `key` and says whether it is within `rule` (a fixed window).
 * One atomic upsert, so several server processes sharing the database count together.
 * `last_request` holds the start of the current window, in milliseconds.
 */
export async function consumeRateLimit(
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  await pruneIdleKeys(now);
  const windowMs = rule.window * 1000;
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: `${KEY_PREFIX}${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
  return { allowed: row.count <= rule.max, retryAfterSeconds };
}
