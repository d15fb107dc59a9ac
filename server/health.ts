import type { Request, Response } from "express";
import { pingDatabase } from "~/models/database.server";
import { mailQueueBacklog } from "~/models/mail-queue.server";
import { logger } from "~/utils/logger.server";
import { getStorage } from "~/utils/storage.server";

/** What /readyz answers: 200 when ok, 503 with a short reason when degraded. */
export type Health = { status: "ok" } | { status: "degraded"; reason: string };

/** A database or a bucket that takes longer than this to answer counts as away. */
const PROBE_TIMEOUT_MS = 2_000;

/** Resolves to what `probe` resolves to, or `fallback` when it throws or takes too long. */
async function within<T>(probe: () => Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthOptions {
  /** The realtime LISTEN is in place (without it, open pages and the page cache miss changes). */
  isListening: () => boolean;
  /** The oldest due unsent e-mail may wait this long before the process is "not ready". */
  mailMaxAgeMs: number;
  /** Throws when storage cannot take files (default: the site's storage, `Storage.probe`). */
  probeStorage?: () => Promise<void>;
}

/**
 * Two probes (docs/decisions/077). `/healthz` says the process is alive: it answers, without
 * touching the database (a supervisor restarts a process that stops answering it). `/readyz`
 * says it can serve: the database answers, storage takes files (DATA_DIR's uploads writable, or
 * the bucket answers), the realtime LISTEN is in place, and the mail queue moves (its oldest due
 * message has waited less than `mailMaxAgeMs`). Changes of readiness are logged once, not on
 * every probe.
 */
export function createHealthCheck({
  isListening,
  mailMaxAgeMs,
  probeStorage = () => getStorage().probe(),
}: HealthOptions) {
  let last: Health = { status: "ok" };

  async function reasonNotReady(): Promise<string | null> {
    if (!(await pingDatabase(PROBE_TIMEOUT_MS))) return "database unreachable";
    if (!isListening()) return "realtime listener not connected";
    const storage = await within(() => probeStorage().then(() => true), false);
    if (!storage) return "storage unreachable";
    const mail = await within(() => mailQueueBacklog(), null);
    if (!mail) return "mail queue unreadable";
    if (mail.oldestDueAgeMs > mailMaxAgeMs) {
      return `mail queue stuck: the oldest due message has waited ${Math.round(mail.oldestDueAgeMs / 60_000)} min`;
    }
    return null;
  }

  async function check(): Promise<Health> {
    const reason = await reasonNotReady();
    const health: Health = reason ? { status: "degraded", reason } : { status: "ok" };
    if (health.status !== last.status) {
      if (health.status === "ok") logger.info("ready: ok again");
      else logger.warn({ reason: health.reason }, "ready: degraded");
    }
    last = health;
    return health;
  }

  async function ready(_req: Request, res: Response) {
    const health = await check();
    res
      .status(health.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(health);
  }

  /**
   * `?seen` adds what this process saw of the request through the proxy — its protocol and the
   * client's address as TRUST_PROXY lets it read them — for `npm run doctor`. The asker learns
   * only its own address and how it connected.
   */
  function alive(req: Request, res: Response) {
    res.set("Cache-Control", "no-store");
    if (req.query.seen === undefined) res.json({ status: "ok" });
    else res.json({ status: "ok", seen: { protocol: req.protocol, ip: req.ip } });
  }

  return { check, ready, alive };
}
