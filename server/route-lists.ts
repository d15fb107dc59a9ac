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

/**
 * The lists (`handle.liveLists`) that the routes matching an address show, read from the server
 * build's own routes: a page, its data request and a resource route (a feed) alike, and before
 * the render (a render a change overtakes is not stored). The render of a reader's page reads the
 * same handles (app/entry.server.tsx), so the page cache and the page agree on what concerns it.
 */
export function routeListsOf(
  routes: Record<string, ManifestRoute | undefined>,
): (pathname: string) => ListTable[] {
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
  return (pathname) =>
    liveListsOf(
      (matchRoutes(tree, pathname) ?? []).map(({ route }) => routes[route.id ?? ""]?.module.handle),
    );
}
