import type { Request, Response } from "express";
import { pingDatabase } from "~/models/database.server";
import { logger } from "~/utils/logger.server";

/** What /healthz answers: 200 when ok, 503 with a short reason when degraded. */
export type Health = { status: "ok" } | { status: "degraded"; reason: string };

/** A database that takes longer than this to answer `select 1` counts as away. */
const PING_TIMEOUT_MS = 2_000;

/**
 * The health of this process for a load balancer: the database answers and the realtime
 * LISTEN is in place (without it, open pages and the page cache would miss changes).
 * Changes of state are logged once, not on every probe.
 */
export function createHealthCheck({ isListening }: { isListening: () => boolean }) {
  let last: Health = { status: "ok" };

  async function check(): Promise<Health> {
    const health: Health = !(await pingDatabase(PING_TIMEOUT_MS))
      ? { status: "degraded", reason: "database unreachable" }
      : !isListening()
        ? { status: "degraded", reason: "realtime listener not connected" }
        : { status: "ok" };
    if (health.status !== last.status) {
      if (health.status === "ok") logger.info("health: ok again");
      else logger.warn({ reason: health.reason }, "health: degraded");
    }
    last = health;
    return health;
  }

  async function handle(_req: Request, res: Response) {
    const health = await check();
    res
      .status(health.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(health);
  }

  return { check, handle };
}
