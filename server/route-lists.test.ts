import { expect, test } from "vitest";
import { routeListsOf } from "./route-lists";

/** A build's route manifest in the shape of app/routes.ts: a layout and its pages, a feed. */
const route = (id: string, path: string | undefined, handle?: unknown, extra = {}) => ({
  id,
  path,
  module: { handle },
  ...extra,
});
const manifest = {
  root: route("root", ""),
  layout: route("layout", undefined, undefined, { parentId: "root" }),
  home: route("home", undefined, undefined, { parentId: "layout", index: true }),
  news: route("news", "media/news", { liveLists: ["posts"] }, { parentId: "layout" }),
  post: route("post", "media/news/:slug", { liveLists: ["posts"] }, { parentId: "layout" }),
  gallery: route(
    "gallery",
    "media/gallery",
    { liveLists: ["videos", "images"] },
    {
      parentId: "layout",
    },
  ),
  about: route("about", "about", undefined, { parentId: "layout" }),
  notFound: route("not-found", "*", undefined, { parentId: "layout" }),
  feed: route("feed", "feed.xml", { liveLists: ["posts"] }, { parentId: "root" }),
};

test("an address shows the lists its matched routes' handles declare", () => {
  const listsAt = routeListsOf(manifest);
  expect(listsAt("/media/news")).toEqual(["posts"]);
  expect(listsAt("/media/news/")).toEqual(["posts"]);
  expect(listsAt("/media/news/%D8%AE%D8%A8%D8%B1")).toEqual(["posts"]);
  expect(listsAt("/media/gallery")).toEqual(["videos", "images"]);
  expect(listsAt("/feed.xml")).toEqual(["posts"]);
  expect(listsAt("/about")).toEqual([]);
  expect(listsAt("/")).toEqual([]);
  expect(listsAt("/no-such-page")).toEqual([]);
});

test("a list added to a route's handle reaches its address (and a parent's, every child)", () => {
  const withNewsOnHome = {
    ...manifest,
    home: { ...manifest.home, module: { handle: { liveLists: ["posts"] } } },
  };
  expect(routeListsOf(withNewsOnHome)("/")).toEqual(["posts"]);
  const withLayoutList = {
    ...manifest,
    layout: { ...manifest.layout, module: { handle: { liveLists: ["images"] } } },
  };
  expect(routeListsOf(withLayoutList)("/media/news")).toEqual(["images", "posts"]);
});

test("an address's lists are matched once and kept, for the last 1,000 addresses asked", () => {
  const listsAt = routeListsOf(manifest);
  const first = listsAt("/media/news");
  expect(listsAt("/media/news")).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);
  for (let i = 0; i < 1_000; i++) listsAt(`/media/news/post-${i}`);
  const again = listsAt("/media/news");
  expect(again).not.toBe(first);
  expect(again).toEqual(["posts"]);
});
