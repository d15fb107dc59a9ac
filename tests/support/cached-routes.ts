import type { AddressInfo } from "node:net";
import express from "express";
import { getEnv } from "~/utils/env.server";
import { createPageCache } from "../../server/page-cache";
import { createRealtimeHub } from "../../server/realtime";
import { load } from "./route-calls";

/** Route modules by address, with the params their loader is given. */
export type CachedRoutes = Record<
  string,
  { module: { loader: unknown; handle?: unknown }; params?: Record<string, string> }
>;

/**
 * Serves `routes` behind the page cache, each address with the lists its real route declares and
 * cleared by the database's changes as in the app, and runs `check` with the server's origin.
 */
export async function withCachedRoutes(
  routes: CachedRoutes,
  check: (origin: string, cache: ReturnType<typeof createPageCache>) => Promise<void>,
) {
  const listsOf = (path: string) =>
    (routes[path]?.module.handle as { liveLists?: [] } | undefined)?.liveLists ?? [];
  const cache = createPageCache({ secret: getEnv().AUTH_SECRET, listsAt: listsOf });
  const hub = createRealtimeHub({ onChange: cache.invalidate });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "nonce";
    next();
  });
  app.use(cache.middleware);
  for (const [path, { module, params }] of Object.entries(routes)) {
    app.get(path, async (req, res) => {
      // The address as React Router's Express adapter makes it: from the request's Host.
      const answer = (await load(
        module.loader as Parameters<typeof load>[0],
        new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`),
        params,
      )) as Response;
      res.type(answer.headers.get("content-type") ?? "xml").send(await answer.text());
    });
  }
  const server = app.listen(0, "127.0.0.1");
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    await hub.ready;
    await check(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, cache);
  } finally {
    await hub.close();
    server.close();
  }
}
