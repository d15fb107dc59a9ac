import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { bodyIn, compressRendered, createPageStore } from "./store";

/** A page of varied text, which brotli's best quality packs smaller than its first. */
const body = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `<p>فقرة ${i} عن زيارة كبار السن رقم ${i * 7919}</p>`).join(
    "",
  ),
);
const rendered = () =>
  compressRendered({
    page: { pagePath: "/", sharedPath: "@layout", lists: [] },
    contentType: "text/html; charset=utf-8",
    body,
    headers: [],
    csp: null,
  });

/** The stored brotli of `key` once any recompression asked for has had time to finish. */
async function settledBrotli(store: ReturnType<typeof createPageStore>, key: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return store.hit(key)?.br;
}

test("a popular page that has gone unchanged gets the best brotli, the same page", async () => {
  const store = createPageStore({ ttlMs: 60_000, maxEntries: 10, recompressAfterMs: 0 });
  const entry = await rendered();
  const first = entry.br;
  store.store("/", entry);
  for (let i = 0; i < 3; i++) store.hit("/");
  await expect.poll(() => store.hit("/")?.br.length).toBeLessThan(first.length);
  expect(brotliDecompressSync(store.hit("/")?.br ?? Buffer.alloc(0))).toEqual(body);
});

test("a page cleared and stored again within seconds keeps its first brotli (no best quality)", async () => {
  const store = createPageStore({ ttlMs: 60_000, maxEntries: 10, recompressAfterMs: 20_000 });
  const entry = await rendered();
  const first = entry.br;
  store.store("/", entry);
  for (let i = 0; i < 10; i++) store.hit("/");
  expect(await settledBrotli(store, "/")).toBe(first);
});

test("a stored page's gzip is made when first asked for, once, and is the same page", async () => {
  const entry = await rendered();
  expect(entry.gzip).toBeUndefined();
  expect(bodyIn(entry, "identity")).toBe(body);
  const gzip = bodyIn(entry, "gzip");
  expect(gunzipSync(gzip)).toEqual(body);
  expect(bodyIn(entry, "gzip")).toBe(gzip);
  expect(brotliDecompressSync(bodyIn(entry, "br"))).toEqual(body);
});
