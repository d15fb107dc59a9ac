import type { NextFunction, Request, Response } from "express";

/** What a request that finds the queue full is told (503, with Retry-After). */
export const BUSY_MESSAGE = "الموقع مشغول الآن، حاول بعد لحظات";

/**
 * Lets at most `concurrency` requests render at a time; the others wait their turn, first come
 * first served. Interleaving many renders on one thread makes none finish sooner: it keeps the
 * state of all of them alive at once, which survives into V8's old generation, and with 50
 * renders in flight garbage collection took more CPU than the renders themselves (README,
 * "Performance"). A few at a time still overlap their database waits. Past `maxWaiting` queued
 * requests the server answers 503 at once instead of letting every wait grow.
 */
export function createRenderLimit({
  concurrency = 4,
  maxWaiting = 1_000,
}: {
  concurrency?: number;
  maxWaiting?: number;
} = {}) {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** Starts the next waiting request whose visitor is still there. */
  function startNext() {
    while (running < concurrency && waiting.length > 0) waiting.shift()?.();
  }

  function renderLimit(req: Request, res: Response, next: NextFunction) {
    const start = () => {
      // Left while waiting: nothing to render, and its turn goes to the next one.
      if (req.socket.destroyed || res.writableEnded) return;
      running++;
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        running--;
        startNext();
      };
      res.once("finish", release);
      res.once("close", release);
      next();
    };
    if (running < concurrency) return start();
    if (waiting.length >= maxWaiting) {
      res.status(503).set("Retry-After", "5").type("text/plain").send(BUSY_MESSAGE);
      return;
    }
    waiting.push(start);
  }

  return Object.assign(renderLimit, {
    /** Requests rendering now and waiting to (for tests). */
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  });
}
