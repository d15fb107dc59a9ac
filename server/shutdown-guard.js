/**
 * While the process stops, the database is closing under in-flight requests: without this guard a
 * request would fail as a missing session (401) or a 500. Answer 503 with Retry-After instead,
 * so a load balancer or browser tries again (another process, or this one restarted).
 */
export const STOPPING_MESSAGE = "الموقع قيد إعادة التشغيل، حاول مرة أخرى بعد لحظات";

/**
 * A stopping process's answer: 503 with Retry-After, the connection closed after it. nginx passes
 * the request to another process (`proxy_next_upstream http_503`) and leaves this one out of its
 * rotation for `fail_timeout`; a browser without a proxy shows the message.
 * @param {import("node:http").ServerResponse} res
 */
export function answerStopping(res) {
  res.writeHead(503, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": "5",
    Connection: "close",
  });
  res.end(STOPPING_MESSAGE);
}

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
      answerStopping(res);
    },
  };
}
