/**
 * React Router's `ServerRouter` rebuilds the app's whole route tree on every rendered page: its
 * server routes (`createServerRoutes`, ~115 objects with their closures), then their data routes
 * (`convertRoutesToDataRoutes` in `createStaticRouter`). Both are pure functions of the build:
 * the assets manifest's routes and the route modules never change while a build runs. The
 * server's build keeps them once per build instead (docs/decisions/091), by rewriting the two
 * calls in React Router's production chunks as vite.config.ts bundles them. Each rewrite names
 * the exact text it replaces, so a React Router whose code moved fails the build instead of
 * silently rebuilding the tree again.
 */

/** One rewrite: the text React Router has, what it becomes, and what it adds at the chunk's end. */
interface Rewrite {
  name: string;
  marker: string;
  from: string;
  to: string;
  helper: string;
}

const SERVER_ROUTES: Rewrite = {
  name: "ServerRouter's createServerRoutes",
  marker: "function ServerRouter(",
  from: "let routes = createServerRoutes(\n    manifest.routes,",
  to: "let routes = rifqServerRoutesOnce(\n    manifest.routes,",
  helper: `
// Rifq (server/react-router-routes-once.ts): the server routes, once per build's manifest.
var rifqServerRoutes = new WeakMap();
function rifqServerRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let routes = rifqServerRoutes.get(manifestRoutes);
  if (!routes) {
    routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
    rifqServerRoutes.set(manifestRoutes, routes);
  }
  return routes;
}
`,
};

const STATIC_DATA_ROUTES: Rewrite = {
  name: "createStaticRouter's convertRoutesToDataRoutes",
  marker: "function createStaticRouter(",
  from: "function createStaticRouter(routes, context, opts = {}) {\n  let manifest = {};\n  let dataRoutes = convertRoutesToDataRoutes(\n    routes,\n    mapRouteProperties,\n    void 0,\n    manifest\n  );",
  to: "function createStaticRouter(routes, context, opts = {}) {\n  let { manifest, dataRoutes } = rifqStaticDataRoutesOnce(routes);",
  helper: `
// Rifq (server/react-router-routes-once.ts): the data routes, once per route tree.
var rifqStaticDataRoutes = new WeakMap();
function rifqStaticDataRoutesOnce(routes) {
  let kept = rifqStaticDataRoutes.get(routes);
  if (!kept) {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
    kept = { manifest, dataRoutes };
    rifqStaticDataRoutes.set(routes, kept);
  }
  return kept;
}
`,
};

export const ROUTES_ONCE_REWRITES = [SERVER_ROUTES, STATIC_DATA_ROUTES];

/**
 * A React Router chunk with the rewrites whose function it holds applied, and their names; the
 * chunk unchanged when it holds neither. Throws when a chunk holds a function but not its text.
 */
export function keepRoutesOnce(code: string): { code: string; applied: string[] } {
  const applied: string[] = [];
  for (const rewrite of ROUTES_ONCE_REWRITES) {
    if (!code.includes(rewrite.marker)) continue;
    if (!code.includes(rewrite.from)) {
      throw new Error(
        `React Router's ${rewrite.name} changed: update server/react-router-routes-once.ts`,
      );
    }
    code = code.replace(rewrite.from, rewrite.to) + rewrite.helper;
    applied.push(rewrite.name);
  }
  return { code, applied };
}
