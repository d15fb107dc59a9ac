/**
 * While the process stops, the database is closing under in-flight requests: without this guard a
 * request would fail as a missing session (401) or a 500. Answer 503 with Retry-After instead,
 * so a load balancer or browser tries again (another process, or this one restarted).
 */
export const STOPPING_MESSAGE = "الموقع قيد إعادة التشغيل، حاول مرة أخرى بعد لحظات";

export function createShutdownGuard() {
  let stopping = false;
  return {
    begin() {
      stopping = true;
    },
    get stopping() {
      return stopping;
    },
    /** @type {import("express").RequestHandler} */
    middleware(_req, res, next) {
      if (!stopping) return next();
      res.set({ Connection: "close", "Retry-After": "5" });
      res.status(503).type("text/plain; charset=utf-8").send(STOPPING_MESSAGE);
    },
  };
}
