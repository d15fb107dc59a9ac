import { expect, test } from "vitest";
import { cachedRead, enableReadCache, forgetReads } from "./read-cache.server";

/** A read that counts how often it reached "the database". */
function counter(value = "v") {
  const read = async () => {
    read.calls++;
    return `${value}${read.calls}`;
  };
  read.calls = 0;
  return read;
}

test("off (no realtime hub to forget them), every read goes to the database", async () => {
  const read = counter();
  await cachedRead("k0", "site_settings", read);
  await cachedRead("k0", "site_settings", read);
  expect(read.calls).toBe(2);
});

test("on, a value is read once per change of its table, and only its table's changes count", async () => {
  enableReadCache();
  const settings = counter("s");
  const texts = counter("t");
  expect(await cachedRead("settings", "site_settings", settings)).toBe("s1");
  expect(await cachedRead("settings", "site_settings", settings)).toBe("s1");
  expect(await cachedRead("texts:/", "page_content", texts)).toBe("t1");

  forgetReads({ table: "page_content" });
  expect(await cachedRead("settings", "site_settings", settings)).toBe("s1");
  expect(await cachedRead("texts:/", "page_content", texts)).toBe("t2");

  forgetReads(); // a reconnect: anything may have changed
  expect(await cachedRead("settings", "site_settings", settings)).toBe("s2");
  expect(await cachedRead("texts:/", "page_content", texts)).toBe("t3");
});

test("a read a change overtook, and a failed read, are not kept", async () => {
  enableReadCache();
  let release: (value: string) => void = () => {};
  const slow = cachedRead(
    "slow",
    "site_settings",
    () => new Promise<string>((resolve) => (release = resolve)),
  );
  forgetReads({ table: "site_settings" });
  release("old");
  expect(await slow).toBe("old");
  const fresh = counter("new");
  expect(await cachedRead("slow", "site_settings", fresh)).toBe("new1");

  await expect(
    cachedRead("failing", "site_settings", () => Promise.reject(new Error("down"))),
  ).rejects.toThrow("down");
  expect(await cachedRead("failing", "site_settings", counter("ok"))).toBe("ok1");
});

test("data no change announces expires", async () => {
  enableReadCache();
  const read = counter();
  await cachedRead("names", "posts", { ttlMs: 0 }, read);
  await new Promise((resolve) => setTimeout(resolve, 5));
  await cachedRead("names", "posts", { ttlMs: 0 }, read);
  expect(read.calls).toBe(2);
});

test("a read that runs again each time it is awaited (a Drizzle query) runs once", async () => {
  enableReadCache();
  let runs = 0;
  // As Drizzle's query builders are: a thenable whose every `then` runs the query.
  const query = {
    // biome-ignore lint/suspicious/noThenProperty: the shape under test
    then: (resolve: (rows: string[]) => void) => {
      runs++;
      resolve([`row${runs}`]);
    },
  } as unknown as Promise<string[]>;
  expect(await cachedRead("query", "posts", () => query)).toEqual(["row1"]);
  expect(await cachedRead("query", "posts", () => query)).toEqual(["row1"]);
  expect(runs).toBe(1);
});
