// Starts the HTTP server: Vite middleware in development, the built bundle in production.
import http from "node:http";
import express from "express";
import { compressResponses } from "./compress-responses.js";
import { createShutdownGuard } from "./shutdown-guard.js";
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
  server.use(serveBuiltAssets(BUILD_DIR));
  server.use(appModule.app);
}

// PORT and HOST come from the validated environment (app/utils/env.server.ts).
const { port, host } = appModule.listenOn;

// In production a stored page is answered before Express (docs/decisions/053); while stopping,
// every request goes to the shutdown guard.
const answerStored = DEVELOPMENT ? null : appModule.answerStored;
const listener = http.createServer((req, res) => {
  if (answerStored && !shutdownGuard.stopping && answerStored(req, res)) return;
  server(req, res);
});
listener.listen(port, host, () => {
  console.log(`Rifq is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

async function stop(signal) {
  if (shutdownGuard.stopping) return;
  shutdownGuard.begin();
  console.log(`${signal} received, shutting down`);
  // No new connections; requests still arriving on open ones get 503 (see shutdown-guard.js).
  listener.close();
  listener.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
  await appModule.shutdown().catch((error) => console.error(error));
  listener.closeAllConnections();
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
