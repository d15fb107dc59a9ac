import type { Request, Response } from "express";
import { CHANGES_CHANNEL, getDatabaseHandle } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";

/** What a content table's trigger announces (database/migrations/0001_notify_triggers.sql). */
export interface ChangeEvent {
  table: "page_content" | "site_settings" | "posts" | "videos" | "images";
  op: "INSERT" | "UPDATE" | "DELETE";
  key: string | null;
  page_path?: string | null;
}

const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 2_000;

/**
 * One LISTEN per process, fanned out to every open page over Server-Sent Events.
 * Several processes each listen, so every browser hears every change.
 */
export function createRealtimeHub({ onChange }: { onChange?: (payload: string) => void } = {}) {
  const streams = new Set<Response>();
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = false;

  function broadcast(payload: string) {
    onChange?.(payload);
    for (const res of streams) res.write(`data: ${payload}\n\n`);
  }

  async function startListening() {
    try {
      unlisten = await getDatabaseHandle().listen(CHANGES_CHANNEL, broadcast);
    } catch (error) {
      logger.error({ err: error }, "realtime LISTEN failed; retrying");
      if (!stopped) setTimeout(startListening, RECONNECT_MS).unref();
    }
  }

  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(": ping\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const ready = startListening();

  function handle(req: Request, res: Response) {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    // Browsers reconnect by themselves; the spec asks for a 2 s delay.
    res.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    streams.add(res);
    req.on("close", () => streams.delete(res));
  }

  async function close() {
    stopped = true;
    clearInterval(heartbeat);
    for (const res of streams) res.end();
    streams.clear();
    await unlisten?.().catch(() => {});
  }

  return {
    handle,
    close,
    ready,
    get size() {
      return streams.size;
    },
  };
}
