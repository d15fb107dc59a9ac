import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { keepRoutesOnce, ROUTES_ONCE_REWRITES } from "./react-router-routes-once";

const PRODUCTION = path.resolve("node_modules/react-router/dist/production");
const chunks = readdirSync(PRODUCTION).filter((file) => /^chunk-[A-Z0-9]+\.mjs$/.test(file));

// React Router's production build, rewritten as the server's build has it, in a folder under
// node_modules so that its own imports (react, cookie) resolve.
mkdirSync(path.resolve("node_modules/.cache"), { recursive: true });
const copy = mkdtempSync(path.resolve("node_modules/.cache/routes-once-"));
cpSync(PRODUCTION, copy, { recursive: true });
for (const chunk of chunks) {
  const file = path.join(copy, chunk);
  writeFileSync(file, keepRoutesOnce(readFileSync(file, "utf8")).code);
}
afterAll(() => rmSync(copy, { recursive: true, force: true }));

type Element = { props?: Record<string, unknown> };
/** The static router a ServerRouter element hands to React Router's StaticRouterProvider. */
function routerOf(
  element: unknown,
): { routes: { id: string; children?: unknown[] }[] } | undefined {
  if (Array.isArray(element)) return element.map(routerOf).find(Boolean);
  const props = (element as Element | null)?.props;
  if (!props) return undefined;
  if (props.router) return props.router as ReturnType<typeof routerOf>;
  return routerOf(props.children);
}

/** What React Router's request handler gives ServerRouter for one page of a two-route build. */
function entryContext(manifestRoutes: Record<string, unknown>) {
  const location = { pathname: "/", search: "", hash: "", state: null, key: "default" };
  return {
    manifest: { routes: manifestRoutes },
    routeModules: { root: { default: () => null }, "routes/home": { default: () => null } },
    future: {},
    isSpaMode: false,
    ssr: true,
    staticHandlerContext: { basename: "/", location, matches: [], loaderData: {}, errors: null },
  };
}
const buildRoutes = () => ({
  root: { id: "root", path: "", hasLoader: true },
  "routes/home": { id: "routes/home", parentId: "root", index: true, hasLoader: true },
});

describe("React Router's route tree, built once per build (docs/decisions/091)", () => {
  it("React Router's production chunks still hold both calls the server's build rewrites", () => {
    const applied = chunks.flatMap(
      (chunk) => keepRoutesOnce(readFileSync(path.join(PRODUCTION, chunk), "utf8")).applied,
    );
    expect(applied.sort()).toEqual(ROUTES_ONCE_REWRITES.map((rewrite) => rewrite.name).sort());
  });

  it("a rewrite whose text moved fails instead of leaving the chunk as it was", () => {
    expect(() => keepRoutesOnce("function ServerRouter({ context }) { let r = build(); }")).toThrow(
      "React Router's ServerRouter's createServerRoutes changed",
    );
    expect(keepRoutesOnce("function unrelated() {}")).toEqual({
      code: "function unrelated() {}",
      applied: [],
    });
  });

  it("every page of one build renders the same route objects; another build gets its own", async () => {
    const { ServerRouter } = await import(pathToFileURL(path.join(copy, "index.mjs")).href);
    const manifestRoutes = buildRoutes();
    const render = (routes: Record<string, unknown>) =>
      routerOf(ServerRouter({ context: entryContext(routes), url: "http://localhost/" }));

    const first = render(manifestRoutes);
    const second = render(manifestRoutes);
    expect(first?.routes.map((route) => route.id)).toEqual(["root"]);
    expect(first?.routes[0].children).toHaveLength(1);
    expect(second?.routes).toBe(first?.routes);

    const otherBuild = render(buildRoutes());
    expect(otherBuild?.routes).not.toBe(first?.routes);
    expect(otherBuild?.routes.map((route) => route.id)).toEqual(["root"]);
  });
});
