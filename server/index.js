// Starts the HTTP server: Vite middleware in development, the built bundle in production.
import http from "node:http";
import net from "node:net";
import express from "express";
import { compressResponses } from "./compress-responses.js";
import { answerStopping, createShutdownGuard } from "./shutdown-guard.js";
import { serveBuiltAssets } from "./static-assets.js";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_PATH = `../${BUILD_DIR}/server/index.js`;

const server = express();
server.disable("x-powered-by");
const shutdownGuard = createShutdownGuard();
server.use(shutdownGuard.middleware);
server.use(compressResponses());

let appModule;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true } }),
  );
  server.use(vite.middlewares);
  appModule = await vite.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const source = await vite.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  appModule = await import(BUILD_PATH);
  // Metrics (off unless METRICS_PORT is set) time every request the fast path leaves to Express.
  if (appModule.observeRequests) server.use(appModule.observeRequests);
  server.use(serveBuiltAssets(BUILD_DIR));
  server.use(appModule.app);
}

// PORT and HOST come from the validated environment (app/utils/env.server.ts).
const { port, host } = appModule.listenOn;

// In production a stored page is answered before Express (docs/decisions/053); while stopping,
// every request goes to the shutdown guard.
const answerStored = DEVELOPMENT ? null : appModule.answerStored;
/** Set once SIGTERM came (see `stop`). */
let draining = false;
/** The answers being made now (a stop lets them finish, closing their connections after). */
const underWay = new Set();
const listener = http.createServer((req, res) => {
  if (draining) {
    // Reading methods go to another process; what writes is served here (nginx would not pass
    // a POST on: it cannot know whether this process acted on it).
    if (req.method === "GET" || req.method === "HEAD") return answerStopping(res);
    res.setHeader("Connection", "close");
  }
  underWay.add(res);
  res.once("close", () => underWay.delete(res));
  if (answerStored && !shutdownGuard.stopping && answerStored(req, res)) return;
  server(req, res);
});
// An idle kept-alive connection is closed by the proxy first (deploy/nginx/rifq.conf's upstream
// `keepalive_timeout 4s`), never by us while nginx sends a request on it: nginx passes a GET that
// meets a closed connection to the other process, but answers a POST with 502.
listener.keepAliveTimeout = 5_000;
const openConnections = new Set();
/** When the last connection was accepted. */
let lastAccepted = 0;
listener.on("connection", (socket) => {
  lastAccepted = Date.now();
  openConnections.add(socket);
  socket.once("close", () => openConnections.delete(socket));
});
listener.listen(port, host, () => {
  console.log(`Rifq is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

/**
 * How long a stop waits for open connections to finish before the app closes its database anyway:
 * a saturated process (2 cores at load 20, bench/rolling-restart.js) took 9 s to answer what it
 * had queued; 8 s cut those requests off.
 */
const DRAIN_MS = 15_000;
/** The listening socket closes once no connection is open and none came for this long. */
const QUIET_MS = 1_000;
/** The process exits by then whatever happens (deploy/systemd/rifq@.service: TimeoutStopSec=30). */
const STOP_MS = 25_000;

/**
 * A graceful stop loses no request (docs/decisions/077, bench/rolling-restart.js):
 * 1. Live streams end (their pages reconnect to the other process and re-sync).
 * 2. Requests under way are answered as usual (then their connections close). A GET or HEAD arriving now is answered 503 with
 *    Retry-After: nginx passes it to the other process and stops choosing this one. Other
 *    methods are served, each answer with `Connection: close`. Idle kept-alive connections are
 *    closed by the proxy (its keepalive_timeout) or by our keep-alive timeout.
 * 3. Once no connection is open and none came for QUIET_MS, the listening socket closes. Not
 *    before: closing it resets the connections the kernel completed but Node has not accepted
 *    yet, with their requests already sent — nginx passes a GET on, but answers a POST with 502.
 * 4. Then (at most DRAIN_MS after SIGTERM) the app stops its jobs and closes the database; a
 *    request still arriving gets the guard's 503.
 */
async function stop(signal) {
  if (draining) return;
  draining = true;
  console.log(
    `${signal} received, shutting down (${openConnections.size} connections open, ${underWay.size} requests under way)`,
  );
  for (const res of underWay) if (!res.headersSent) res.setHeader("Connection", "close");
  setTimeout(() => process.exit(0), STOP_MS).unref();
  appModule.drainLiveStreams?.();
  const deadline = Date.now() + DRAIN_MS;
  const quiet = () => openConnections.size === 0 && Date.now() - lastAccepted >= QUIET_MS;
  while (!quiet() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Only the listening socket: http.Server#close would also close idle kept-alive connections.
  net.Server.prototype.close.call(listener);
  if (openConnections.size > 0) {
    console.warn(
      `stopping: ${openConnections.size} connections still open after ${DRAIN_MS / 1000} s ` +
        `(${underWay.size} requests under way): they are closed`,
    );
  }
  shutdownGuard.begin();
  listener.closeIdleConnections();
  await appModule.shutdown().catch((error) => console.error(error));
  listener.closeAllConnections();
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
