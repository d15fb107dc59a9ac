// Starts the HTTP server: Vite middleware in development, the built bundle in production.
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_PATH = `../${BUILD_DIR}/server/index.js`;

const server = express();
server.disable("x-powered-by");
// Server-Sent Events must reach the browser as they are written, never buffered.
server.use(
  compression({ filter: (req, res) => req.path !== "/realtime" && compression.filter(req, res) }),
);

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
  server.use(
    "/assets",
    express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }),
  );
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false }));
  server.use(appModule.app);
}

// PORT and HOST come from the validated environment (app/utils/env.server.ts).
const { port, host } = appModule.listenOn;

const listener = server.listen(port, host, () => {
  console.log(`Rifq is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  await appModule.shutdown().catch((error) => console.error(error));
  listener.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
