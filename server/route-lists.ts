import { matchRoutes, type RouteObject } from "react-router";
import { type ListTable, liveListsOf } from "~/shared/live-event";

/** A route of the server build's manifest (`ServerBuild["routes"]`), as far as it is read here. */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

/** How many addresses' lists are kept (`routeListsOf`). */
const KEPT_ADDRESSES = 1_000;

/**
 * The lists (`handle.liveLists`) that the routes matching an address show, read from the server
 * build's own routes: a page, its data request and a resource route (a feed) alike, and before
 * the render (a render a change overtakes is not stored). The render of a reader's page reads the
 * same handles (app/entry.server.tsx), so the page cache and the page agree on what concerns it.
 * `matchRoutes` flattens and ranks the whole route tree on every call (a regular expression for
 * every route, then a sort: 1.9 ms, 5 % of what the busy day allocated), so an address's lists
 * are kept: the last KEPT_ADDRESSES addresses asked (docs/decisions/090).
 */
export function routeListsOf(
  routes: Record<string, ManifestRoute | undefined>,
): (pathname: string) => readonly ListTable[] {
  const all = Object.values(routes).filter((route): route is ManifestRoute => Boolean(route));
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) =>
        index
          ? { id, path, index: true, caseSensitive }
          : { id, path, caseSensitive, children: childrenOf(id) },
      );
  const tree = childrenOf(undefined);
  const kept = new Map<string, readonly ListTable[]>();
  return (pathname) => {
    let lists = kept.get(pathname);
    if (!lists) {
      lists = Object.freeze(
        liveListsOf(
          (matchRoutes(tree, pathname) ?? []).map(
            ({ route }) => routes[route.id ?? ""]?.module.handle,
          ),
        ),
      );
      if (kept.size >= KEPT_ADDRESSES) kept.delete(kept.keys().next().value as string);
      kept.set(pathname, lists);
    }
    return lists;
  };
}
