import { expect, test } from "vitest";
import { pageFrom, pageHref, pageWindow, readCountedPage, toPaged } from "./pagination";

test("the page comes from ?page=, 1 for anything that is not a sensible page number", () => {
  expect(pageFrom("/media/news")).toBe(1);
  expect(pageFrom("/media/news?page=3")).toBe(3);
  for (const bad of ["0", "-2", "abc", "2.5", "1e3", "999999", ""]) {
    expect(pageFrom(`/media/news?page=${bad}`)).toBe(1);
  }
  expect(pageFrom("/media/news?page=99999")).toBe(10_000);
});

test("a page window asks for one row more than it shows, to know whether more follow", () => {
  expect(pageWindow(1, 20)).toEqual({ limit: 21, offset: 0 });
  expect(pageWindow(3, 20)).toEqual({ limit: 21, offset: 40 });
  const rows = Array.from({ length: 21 }, (_, i) => i);
  expect(toPaged(rows, 1, 20)).toEqual({ items: rows.slice(0, 20), page: 1, hasMore: true });
  expect(toPaged(rows.slice(0, 7), 2, 20)).toEqual({
    items: rows.slice(0, 7),
    page: 2,
    hasMore: false,
  });
});

test("links to other pages keep the other search parameters", () => {
  expect(pageHref("?category=صحة", 2, "all-news")).toBe(
    `?${new URLSearchParams({ category: "صحة", page: "2" })}#all-news`,
  );
  expect(pageHref("?category=x&page=2", 1)).toBe("?category=x");
  expect(pageHref("", 1)).toBe("?");
});

test("a counted page counts only when its rows cannot say the total", async () => {
  const rows = Array.from({ length: 45 }, (_, i) => i);
  let counted = 0;
  const read = (list: number[]) => ({
    rows: async ({ limit, offset }: { limit: number; offset: number }) =>
      list.slice(offset, offset + limit),
    count: async () => {
      counted++;
      return list.length;
    },
  });
  // A full page: more may follow, so the whole list is counted.
  expect(await readCountedPage(1, 20, read(rows))).toEqual({
    items: rows.slice(0, 20),
    page: 1,
    hasMore: true,
    total: 45,
  });
  expect(counted).toBe(1);
  // The last, short page ends the list: its rows give the total.
  expect(await readCountedPage(3, 20, read(rows))).toEqual({
    items: rows.slice(40),
    page: 3,
    hasMore: false,
    total: 45,
  });
  // A search that finds nothing is not scanned a second time to count nothing.
  expect(await readCountedPage(1, 20, read([]))).toEqual({
    items: [],
    page: 1,
    hasMore: false,
    total: 0,
  });
  expect(counted).toBe(1);
  // A page past the end cannot tell where the list ended: it counts.
  expect(await readCountedPage(9, 20, read(rows))).toEqual({
    items: [],
    page: 9,
    hasMore: false,
    total: 45,
  });
  expect(counted).toBe(2);
});
