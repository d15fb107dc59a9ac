import type { Request, Response } from "express";
import { createPublicChangeFilter } from "~/models/change-visibility.server";
import { listenForChanges } from "~/models/database.server";
import { withNewValue } from "~/models/live-values.server";
import { getActorPastStaffGate } from "~/services/permissions.server";
import {
  type ChangeEvent,
  type ChannelEvent,
  isSessionsChanged,
  type LiveEvent,
  RESYNC_EVENT,
} from "~/shared/live-event";
import { canManageContent } from "~/shared/roles";
import { logger } from "~/utils/logger.server";
import { STORED_FILES } from "~/utils/storage.server";
import { type Audience, createFrameFlusher } from "./realtime-frames";
import { STOPPING_MESSAGE } from "./shutdown-guard.js";

const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 2_000;

const dataFrame = (event: ChangeEvent | LiveEvent) => `data: ${JSON.stringify(event)}\n\n`;
const RESYNC_FRAME = `event: ${RESYNC_EVENT}\ndata: {}\n\n`;

/** The request as the session is read from it: only the session cookie matters. */
function sessionRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return new globalThis.Request(new URL(req.originalUrl, "http://localhost"), { headers });
}

/**
 * One LISTEN per process, fanned out to every open page over Server-Sent Events. Several
 * processes each listen, so every browser hears every change. When the LISTEN connection is
 * lost it is re-established; changes in between are unknown, so `onChange` runs (the page cache
 * is cleared) and every open page is told to re-sync. `onChange` also runs for every change.
 */
export function createRealtimeHub({
  onChange,
  onSessionsChanged,
  onFilesChanged,
}: {
  /** Runs for every change with its event; without one when changes may have been missed. */
  onChange?: (event?: ChangeEvent) => void;
  /** Runs when a session ended or a user's role changed, in any process (docs/decisions/038). */
  onSessionsChanged?: () => void;
  /** Runs when any process stored or removed an uploaded file (storage.server.ts, decision 081). */
  onFilesChanged?: () => void;
} = {}) {
  const streams = new Map<Response, Audience>();
  const publicFilter = createPublicChangeFilter();
  let listening = false;
  // Public events wait for a status lookup; the chain keeps them in the order they came.
  let publicQueue = Promise.resolve();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  // Writes to the open pages at most every 100 ms, a burst's frames together (decision 088).
  const frames = createFrameFlusher(streams, (res, bytes) => res.write(bytes));
  const send = frames.send;

  function later(task: () => Promise<void>) {
    publicQueue = publicQueue
      .then(task)
      .catch((error) => logger.warn({ err: error }, "realtime public event failed"));
  }

  function onPayload(payload: string) {
    let event: ChannelEvent;
    try {
      event = JSON.parse(payload);
    } catch {
      onChange?.();
      logger.warn({ payload }, "realtime ignored a payload that is not JSON");
      return;
    }
    // Sessions are the server's business alone: never streamed, to staff or public.
    if (isSessionsChanged(event)) {
      onSessionsChanged?.();
      return;
    }
    // So are stored files: only each process's usage figure depends on them.
    if ((event as { table: string }).table === STORED_FILES) {
      onFilesChanged?.();
      return;
    }
    onChange?.(event);
    // The new value is read once (after onChange forgot the old one) and goes to every page.
    later(async () => {
      const withValue = await withNewValue(event);
      send("staff", dataFrame(withValue));
      const visible = await publicFilter.toPublic(withValue);
      if (visible) send("public", dataFrame(visible));
    });
  }

  function onListening({ reconnected }: { reconnected: boolean }) {
    listening = true;
    later(publicFilter.reload);
    if (reconnected) {
      onChange?.();
      send("all", RESYNC_FRAME);
    }
    markReady();
  }

  const stopListening = listenForChanges({
    onPayload,
    onListening,
    onLost: () => {
      listening = false;
    },
  });

  const heartbeat = setInterval(() => send("all", ": ping\n\n"), HEARTBEAT_MS);
  heartbeat.unref();

  /** Set by `drain`: the process is stopping, its streams have ended and new ones go elsewhere. */
  let draining = false;

  /** A stopping process's answer to a new stream: nginx passes a 503 on to another process. */
  function refuse(res: Response) {
    res
      .status(503)
      .set({ "Retry-After": String(RECONNECT_MS / 1000), "Cache-Control": "no-store" })
      .type("text/plain; charset=utf-8")
      .send(STOPPING_MESSAGE);
  }

  async function handle(req: Request, res: Response) {
    if (draining) return refuse(res);
    // Who is listening is read once, at connect; a new sign-in opens a new stream.
    const actor = await getActorPastStaffGate(sessionRequest(req));
    if (req.socket.destroyed) return;
    if (draining) return refuse(res);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    // Browsers reconnect by themselves; the spec asks for a 2 s delay.
    res.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    streams.set(res, canManageContent(actor) ? "staff" : "public");
    req.on("close", () => streams.delete(res));
  }

  /**
   * The first step of a graceful stop (server/index.js): every open stream ends, so its page
   * reconnects (after `retry`) through the proxy to a process that stays, and re-syncs there; a
   * stream asked for meanwhile is refused with 503. LISTEN stays until `close`: the requests
   * still being answered here keep their page cache right.
   */
  function drain() {
    draining = true;
    frames.flush();
    for (const res of streams.keys()) res.end();
    streams.clear();
  }

  async function close() {
    drain();
    frames.stop();
    clearInterval(heartbeat);
    await stopListening();
  }

  return {
    handle,
    drain,
    close,
    /** Resolves once LISTEN is first in place. */
    ready,
    /** Whether LISTEN is in place now (false while it is being re-established). */
    get listening() {
      return listening;
    },
    get size() {
      return streams.size;
    },
  };
}
