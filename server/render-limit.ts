import type { NextFunction, Request, Response } from "express";

/** What a request that finds the queue full is told (503, with Retry-After). */
export const BUSY_MESSAGE = "الموقع مشغول الآن، حاول بعد لحظات";

/**
 * Lets at most `concurrency` requests render at a time; the others wait their turn, first come
 * first served. Interleaving many renders on one thread makes none finish sooner: it keeps the
 * state of all of them alive at once, which survives into V8's old generation, and with 50
 * renders in flight garbage collection took more CPU than the renders themselves
 * (docs/performance.md). A few at a time still overlap their database waits. Past `maxWaiting` queued
 * requests the server answers 503 at once instead of letting every wait grow. A turn ends when
 * the response is sent, or after `holdLimitMs` in any case: a visitor who stops reading a
 * response must not keep a turn (renders themselves end within seconds: entry.server.tsx).
 *
 * Reads (GET, HEAD) and sends (a form's POST…) take turns in two lines of their own, each with
 * `concurrency` turns: 200 people registering for an event at once must not hold a reader's page
 * back for seconds, nor a busy hour of reading hold back a staff member's save
 * (docs/decisions/088).
 */
export function createRenderLimit(
  options: { concurrency?: number; maxWaiting?: number; holdLimitMs?: number } = {},
) {
  const reads = createLine(options);
  const sends = createLine(options);
  const renderLimit = (req: Request, res: Response, next: NextFunction) =>
    (req.method === "GET" || req.method === "HEAD" ? reads : sends).take(req, res, next);
  // Accessors, not values: Object.assign would copy what they read once.
  return Object.defineProperties(renderLimit, {
    /** Requests rendering now, in both lines (for tests). */
    running: { get: () => reads.running + sends.running },
    /** Requests waiting for their turn, in both lines (for tests). */
    waiting: { get: () => reads.waiting + sends.waiting },
  }) as typeof renderLimit & { readonly running: number; readonly waiting: number };
}

/** One line of turns: `concurrency` at once, the rest first come first served. */
function createLine({
  concurrency = 4,
  maxWaiting = 1_000,
  holdLimitMs = 10_000,
}: {
  concurrency?: number;
  maxWaiting?: number;
  holdLimitMs?: number;
}) {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** Starts the next waiting request whose visitor is still there. */
  function startNext() {
    while (running < concurrency && waiting.length > 0) waiting.shift()?.();
  }

  function take(req: Request, res: Response, next: NextFunction) {
    const start = () => {
      // Gone already: nothing to render, and the turn goes to the next one.
      if (req.socket.destroyed || res.writableEnded) return;
      running++;
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        clearTimeout(holdLimit);
        running--;
        startNext();
      };
      const holdLimit = setTimeout(release, holdLimitMs);
      holdLimit.unref();
      res.once("finish", release);
      res.once("close", release);
      next();
    };
    if (running < concurrency) return start();
    if (waiting.length >= maxWaiting) {
      res.status(503).set("Retry-After", "5").type("text/plain").send(BUSY_MESSAGE);
      return;
    }
    // A visitor who leaves while waiting leaves the line.
    const leave = () => {
      const place = waiting.indexOf(turn);
      if (place >= 0) waiting.splice(place, 1);
    };
    const turn = () => {
      res.off("close", leave);
      start();
    };
    res.once("close", leave);
    waiting.push(turn);
  }

  return {
    take,
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
