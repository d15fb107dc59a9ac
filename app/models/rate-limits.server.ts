import { createHmac, randomUUID } from "node:crypto";
import { and, eq, like, lt, notLike, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
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
/** Keys counted over a day (mail to one address) start so, and are kept a day. */
const DAY_KEY_PREFIX = `${KEY_PREFIX}day|`;
const DAY_MS = 24 * 60 * 60 * 1000;
let nextPruneAt = 0;

async function pruneIdleKeys(now: number) {
  if (now < nextPruneAt) return;
  nextPruneAt = now + PRUNE_AFTER_MS / 6;
  await db
    .delete(rateLimits)
    .where(
      or(
        and(
          like(rateLimits.key, `${KEY_PREFIX}%`),
          notLike(rateLimits.key, `${DAY_KEY_PREFIX}%`),
          lt(rateLimits.lastRequest, now - PRUNE_AFTER_MS),
        ),
        and(like(rateLimits.key, `${DAY_KEY_PREFIX}%`), lt(rateLimits.lastRequest, now - DAY_MS)),
      ),
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

export interface BackoffRule {
  /** Attempts allowed before any wait. */
  free: number;
  /** Wait in seconds after the free attempts; it doubles with every further attempt. */
  baseDelay: number;
  /** The longest wait, in seconds. */
  maxDelay: number;
}

/** Milliseconds to wait after the row's attempts (SQL: the check and the count are one statement). */
function backoffDelayMs(rule: BackoffRule): SQL {
  return sql`least(${rule.baseDelay} * power(2, greatest(${rateLimits.count} - ${rule.free}, 0)), ${rule.maxDelay}) * 1000`;
}

/**
 * Counts one attempt for `key` with growing waits: `rule.free` attempts at once, then each
 * further one only `baseDelay`·2ⁿ seconds after the previous (at most `maxDelay`). A refused
 * attempt is not counted; `clearBackoff` after a success starts afresh, and so does an hour idle.
 * One atomic upsert, so concurrent attempts cannot slip past the count.
 */
export async function consumeBackoffAttempt(
  key: string,
  rule: BackoffRule,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  await pruneIdleKeys(now);
  const storedKey = `${KEY_PREFIX}${key}`;
  const idle = sql`${rateLimits.lastRequest} <= ${now - PRUNE_AFTER_MS}`;
  const [counted] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: storedKey, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${idle} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
      setWhere: sql`${idle} or ${rateLimits.count} < ${rule.free} or ${rateLimits.lastRequest} + ${backoffDelayMs(rule)} <= ${now}`,
    })
    .returning({ count: rateLimits.count });
  if (counted) return { allowed: true, retryAfterSeconds: 0 };
  const [row] = await db
    .select({
      readyAt: sql<number>`${rateLimits.lastRequest} + ${backoffDelayMs(rule)}`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, storedKey));
  const waitMs = Number(row?.readyAt ?? now) - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Forgets the attempts of `key` (after a success). */
export async function clearBackoff(key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${KEY_PREFIX}${key}`));
}

/**
 * E-mails the public forms together (newsletter, event registration, volunteering, password
 * reset) may send to one address in a day (docs/decisions/066).
 */
export const MAILS_PER_ADDRESS_PER_DAY = 3;

/**
 * Counts one e-mail a public form is about to send to `address`: false once the address had its
 * day's share (the caller sends nothing and answers the visitor as always). The row's key holds
 * an HMAC of the address under AUTH_SECRET, never the address.
 */
export async function consumeMailToAddress(address: string, now = Date.now()): Promise<boolean> {
  if (!isRateLimitingEnabled()) return true;
  const hashed = createHmac("sha256", getEnv().AUTH_SECRET)
    .update(address.trim().toLowerCase())
    .digest("base64url");
  const { allowed } = await consumeRateLimit(
    `day|mail|${hashed}`,
    { max: MAILS_PER_ADDRESS_PER_DAY, window: DAY_MS / 1000 },
    now,
  );
  return allowed;
}
