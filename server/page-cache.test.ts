import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, expect, test } from "vitest";
import type { ListTable } from "~/shared/live-event";
import { createPageCache, pickEncoding } from "./page-cache";

const SECRET = "page-cache-test-secret-0123456789abcdef";
/** The lists the test's pages show, as their routes' handles would declare them. */
const LISTS: Record<string, ListTable[]> = {
  "/media/news": ["posts"],
  "/media/news/a-post": ["posts"],
  "/feed.xml": ["posts"],
  "/home-with-news": ["posts"],
  "/media/gallery": ["videos", "images"],
  "/slow-news": ["posts"],
};
/** The session tokens that are viewers' live sessions (the database's answer, in server/app.ts). */
const viewerTokens = new Set(["viewer-1", "viewer-2", "viewer-3"]);
const cache = createPageCache({
  secret: SECRET,
  isViewerSession: async (token) => viewerTokens.has(token),
  listsAt: (pathname) => LISTS[pathname] ?? [],
  recompressAfterMs: 0,
});
/** A cookie value signed as better-auth signs its session cookie. */
const signed = (value: string) =>
  encodeURIComponent(`${value}.${createHmac("sha256", SECRET).update(value).digest("base64")}`);
let renders = 0;
let nonceCounter = 0;
const app = express();
// As in server/app.ts: stored pages are answered before the headers of a render are computed.
app.use(cache.serveStored);
app.use((_req, res, next) => {
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.locals.cspNonce = `nonce${++nonceCounter}`;
  res.setHeader(
    "Content-Security-Policy",
    `default-src 'self';script-src 'self' 'nonce-${res.locals.cspNonce}'`,
  );
  next();
});
app.use(cache.middleware);
app.get("/set-cookie", (_req, res) => {
  res.cookie("x", "1").type("html").send("personal");
});
app.get(["/slow", "/slow-news"], (_req, res) => {
  renders++;
  const n = renders;
  setTimeout(() => res.type("html").send(`<p>slow render ${n}</p>`), 150);
});
// What the render was asked: its address as React Router reads it (server/request-handler.ts).
app.get("/address", (req, res) => {
  renders++;
  res.type("html").send(`<p>${req.originalUrl}</p>`);
});
// As the site's header: the account links of whoever is signed in, or the sign-in link.
app.get("/with-header", (req, res) => {
  renders++;
  const signedIn = req.headers.cookie?.includes("session_token");
  res.type("html").send(`<header>${signedIn ? "حسابي" : "تسجيل الدخول"}</header> ${renders}`);
});
app.get("/varied", (_req, res) => {
  renders++;
  // Text brotli packs better at its best quality than at its first (unlike a repeated phrase).
  const words = ["رفق", "كبار", "السن", "جمعية", "الشرقية", "رعاية", "زيارة", "برنامج", "تطوع"];
  const text = Array.from({ length: 4000 }, (_, i) => words[(i * 7919 + (i >> 3)) % words.length]);
  res.type("html").send(`<p>${text.join(" ")} ${renders}</p>`);
});
app.get("/gone", (_req, res) => {
  renders++;
  res.status(404).type("html");
  res.write("<p>لم نجد ");
  res.end("هذه الصفحة</p>");
});
app.get("/{*path}", (req, res) => {
  renders++;
  res.status(200).type("html");
  res.write(`<script nonce="${res.locals.cspNonce}">`);
  res.end(`render ${renders} of ${req.path} ${"نص عربي ".repeat(200)}</script>`);
});
const server = app.listen(0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { accept: "text/html", ...headers } });

/** The raw response, bytes as sent (fetch would decompress them). */
function getRaw(path: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(
        `${base}${path}`,
        { headers: { accept: "text/html", "accept-encoding": acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      )
      .on("error", reject);
  });
}

/** MISS (rendered) or HIT (stored bytes, also when it waited for another request's render). */
const cacheState = (response: Response | { headers: http.IncomingHttpHeaders }) =>
  response instanceof Response
    ? response.headers.get("x-cache")
    : String(response.headers["x-cache"] ?? "");
const xCache = async (path: string) => cacheState(await get(path));

test("a signed-out page is rendered once, then answered from the stored bytes", async () => {
  const first = await get("/about");
  expect(first.headers.get("x-cache")).toBe("MISS");
  const firstBody = await first.text();
  const second = await get("/about");
  expect(cacheState(second)).toBe("HIT");
  expect(await second.text()).toBe(firstBody);
  expect(firstBody).toContain("render 1 of /about");
  expect(renders).toBe(1);
});

test("a cached page answers in the encoding the browser accepts, from the same page", async () => {
  const plain = await getRaw("/encodings", "identity");
  const text = plain.body.toString("utf8");
  expect(text).toContain("نص عربي");

  const br = await getRaw("/encodings", "gzip, deflate, br");
  expect(cacheState(br)).toBe("HIT");
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toContain("Accept-Encoding");
  expect(Number(br.headers["content-length"])).toBe(br.body.length);
  expect(br.body.length).toBeLessThan(plain.body.length / 4);
  expect(brotliDecompressSync(br.body).toString("utf8")).toBe(text);

  const gz = await getRaw("/encodings", "gzip");
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gz.body).toString("utf8")).toBe(text);

  const none = await getRaw("/encodings", "identity");
  expect(cacheState(none)).toBe("HIT");
  expect(none.headers["content-encoding"]).toBeUndefined();
  expect(none.body.toString("utf8")).toBe(text);
});

test("a cached page allows its inline scripts by hash, not by a nonce that is no longer secret", async () => {
  await get("/csp");
  const hit = await get("/csp");
  const body = await hit.text();
  const script = body.match(/<script[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
  const hash = createHash("sha256").update(script).digest("base64");
  const csp = hit.headers.get("content-security-policy") ?? "";
  expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
  expect(csp).not.toContain("nonce-");
  // The render's other headers come along.
  expect(hit.headers.get("x-frame-options")).toBe("SAMEORIGIN");
});

test("a rendered page is answered from the bytes it is stored as, with its own headers", async () => {
  // Compressed once: the render's own answer is the stored brotli, not a second compression.
  const rendered = await getRaw("/answered-as-stored", "gzip, deflate, br");
  expect(cacheState(rendered)).toBe("MISS");
  expect(rendered.headers["content-encoding"]).toBe("br");
  expect(rendered.headers.vary).toContain("Accept-Encoding");
  expect(Number(rendered.headers["content-length"])).toBe(rendered.body.length);
  const text = brotliDecompressSync(rendered.body).toString("utf8");
  expect(text).toContain("render");
  expect(text).toContain("of /answered-as-stored نص عربي");
  // Its CSP is its own, with the nonce its scripts carry; a stored answer's has their hashes.
  expect(rendered.headers["content-security-policy"]).toMatch(/'nonce-nonce\d+'/);
  const stored = await getRaw("/answered-as-stored", "gzip, deflate, br");
  expect(cacheState(stored)).toBe("HIT");
  expect(stored.body).toEqual(rendered.body);
  expect(stored.headers["content-security-policy"]).not.toContain("nonce-");

  const gzipOnly = await getRaw("/answered-as-stored-gzip", "gzip");
  expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzipOnly.body).toString("utf8")).toContain("of /answered-as-stored-gzip");
});

test("a response that is not stored leaves as it was written", async () => {
  const before = renders;
  const missing = await getRaw("/gone", "gzip, deflate, br");
  expect(missing.headers["content-encoding"]).toBeUndefined();
  expect(missing.body.toString("utf8")).toBe("<p>لم نجد هذه الصفحة</p>");
  expect(cacheState(await get("/gone"))).toBe("MISS");
  expect(renders).toBe(before + 2);
  const personal = await get("/set-cookie");
  expect(personal.headers.get("set-cookie")).toContain("x=1");
  expect(await personal.text()).toBe("personal");
});

test("a change clears only the pages it concerns", async () => {
  const pages = ["/", "/about", "/about/vision", "/media/news", "/media/news/a-post", "/donate"];
  const warm = () => Promise.all(pages.map((page) => get(page)));
  await warm();

  cache.invalidate({ table: "page_content", op: "UPDATE", key: null, page_path: "/about" });
  expect(await Promise.all(pages.map(xCache))).toEqual(["HIT", "MISS", "HIT", "HIT", "HIT", "HIT"]);

  cache.invalidate({ table: "posts", op: "UPDATE", key: "some-id" });
  expect(await Promise.all(pages.map(xCache))).toEqual([
    "HIT",
    "HIT",
    "HIT",
    "MISS",
    "MISS",
    "HIT",
  ]);

  cache.invalidate({ table: "page_content", op: "UPDATE", key: null, page_path: "@layout" });
  expect(await Promise.all(pages.map(xCache))).toEqual(pages.map(() => "MISS"));

  cache.invalidate({ table: "site_settings", op: "UPDATE", key: "contact_info" });
  expect(await Promise.all(pages.map(xCache))).toEqual(pages.map(() => "MISS"));

  cache.invalidate();
  expect(await xCache("/donate")).toBe("MISS");
});

test("a list change clears the entries stored with that list, and only those", async () => {
  const pages = ["/home-with-news", "/home-without", "/feed.xml", "/media/gallery"];
  await Promise.all(pages.map((page) => get(page)));
  expect(await Promise.all(pages.map(xCache))).toEqual(pages.map(() => "HIT"));
  cache.invalidate({ table: "posts", op: "INSERT", key: "id" });
  expect(await Promise.all(pages.map(xCache))).toEqual(["MISS", "HIT", "MISS", "HIT"]);
  cache.invalidate({ table: "images", op: "DELETE", key: "id" });
  expect(await Promise.all(pages.map(xCache))).toEqual(["HIT", "HIT", "HIT", "MISS"]);
});

test("a render that a change to its list overtook is not kept; one of another page is", async () => {
  const pending = Promise.all([get("/slow-news?page=3"), get("/slow?page=3")]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  cache.invalidate({ table: "posts", op: "UPDATE", key: "id" });
  await pending;
  expect(await xCache("/slow-news?page=3")).toBe("MISS");
  expect(await xCache("/slow?page=3")).toBe("HIT");
});

test("concurrent misses of one page wait for a single render", async () => {
  const before = renders;
  const responses = await Promise.all(Array.from({ length: 20 }, () => get("/slow")));
  const bodies = await Promise.all(responses.map((response) => response.text()));
  expect(renders).toBe(before + 1);
  expect(new Set(bodies)).toEqual(new Set([`<p>slow render ${before + 1}</p>`]));
  const states = responses.map((response) => response.headers.get("x-cache"));
  expect(states.filter((state) => state === "MISS")).toHaveLength(1);
  expect(states.filter((state) => state === "HIT")).toHaveLength(19);
});

test("a render a change overtook is served to its waiters but not kept", async () => {
  const pending = Promise.all([get("/slow?page=7"), get("/slow?page=7")]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  cache.invalidate({ table: "site_settings", op: "UPDATE", key: "contact_info" });
  await pending;
  expect(await xCache("/slow?page=7")).toBe("MISS");
});

test("personal requests and responses are never cached", async () => {
  await get("/about");
  const before = renders;
  const personal = await get("/about", { cookie: `better-auth.session_token=${signed("abc")}` });
  expect(personal.headers.get("x-cache")).toBeNull();
  await get("/admin/dashboard");
  await get("/set-cookie");
  expect((await get("/set-cookie")).headers.get("x-cache")).toBe("MISS");
  expect(renders).toBe(before + 2);
});

/** A request with a signed session cookie of `token`. */
const signedIn = (token: string) => ({ cookie: `better-auth.session_token=${signed(token)}` });

test("a viewer's page is kept once for every viewer, apart from the signed-out reader's", async () => {
  const before = renders;
  const first = await get("/with-header", signedIn("viewer-1"));
  expect(cacheState(first)).toBe("MISS");
  expect(await first.text()).toContain("حسابي");
  const other = await get("/with-header", signedIn("viewer-2"));
  expect(cacheState(other)).toBe("HIT");
  expect(await other.text()).toContain("حسابي");
  const signedOut = await get("/with-header");
  expect(cacheState(signedOut)).toBe("MISS");
  expect(await signedOut.text()).toContain("تسجيل الدخول");
  const again = await get("/with-header");
  expect(cacheState(again)).toBe("HIT");
  expect(await again.text()).not.toContain("حسابي");
  expect(renders).toBe(before + 2);
  // Cleared with the signed-out copy by a change to the page.
  cache.invalidate({ table: "menus", op: "UPDATE", key: "header" });
  expect(cacheState(await get("/with-header", signedIn("viewer-2")))).toBe("MISS");
  expect(cacheState(await get("/with-header", signedIn("viewer-1")))).toBe("HIT");
});

test("a viewer's data requests are kept for viewers too", async () => {
  const data = { accept: "*/*", ...signedIn("viewer-1") };
  expect(cacheState(await get("/media/gallery.data", data))).toBe("MISS");
  expect(cacheState(await get("/media/gallery.data", { ...data, ...signedIn("viewer-2") }))).toBe(
    "HIT",
  );
});

test("a session that stops being a viewer's while its page renders is answered, neither kept nor handed to waiting viewers", async () => {
  const pending = get("/slow?page=9", signedIn("viewer-3"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const waiting = get("/slow?page=9", signedIn("viewer-1")); // waits for viewer-3's render
  await new Promise((resolve) => setTimeout(resolve, 30));
  viewerTokens.delete("viewer-3"); // promoted to editor
  const own = await (await pending).text();
  expect(own).toContain("slow render");
  // The viewer who waited got a render of their own, not the promoted one's.
  const waited = await (await waiting).text();
  expect(waited).toContain("slow render");
  expect(waited).not.toBe(own);
  expect(cacheState(await get("/slow?page=9", signedIn("viewer-1")))).toBe("MISS");
  expect(cacheState(await get("/slow?page=9", signedIn("viewer-3")))).toBeNull();
});

test("a cookie that only looks like a session does not skip the cache", async () => {
  await get("/services");
  const before = renders;
  for (const cookie of [
    "better-auth.session_token=x",
    "my_session_token=x",
    `better-auth.session_token=${signed("abc")}x`,
    "rifq_toast=forged.value",
  ]) {
    expect(cacheState(await get("/services", { cookie }))).toBe("HIT");
  }
  expect(renders).toBe(before);
});

test("each text size and contrast is kept as its own copy of a page", async () => {
  await get("/governance");
  expect((await get("/governance")).headers.get("x-cache")).toBe("HIT");
  const larger = { cookie: "rifq_text_size=150" };
  expect((await get("/governance", larger)).headers.get("x-cache")).toBe("MISS");
  expect((await get("/governance", larger)).headers.get("x-cache")).toBe("HIT");
  const contrast = { cookie: "rifq_text_size=150; rifq_contrast=more" };
  expect((await get("/governance", contrast)).headers.get("x-cache")).toBe("MISS");
  // A made-up value is the default size, not a new copy.
  expect((await get("/governance", { cookie: "rifq_text_size=999" })).headers.get("x-cache")).toBe(
    "HIT",
  );
});

test("a page's data requests are cached with it and cleared with it", async () => {
  const data = (path: string) => get(path, { accept: "*/*" });
  await data("/media/news.data");
  await data("/_root.data");
  expect(cacheState(await data("/media/news.data"))).toBe("HIT");
  cache.invalidate({ table: "posts", op: "INSERT", key: "id" });
  expect(cacheState(await data("/media/news.data"))).toBe("MISS");
  expect(cacheState(await data("/_root.data"))).toBe("HIT");
  cache.invalidate({ table: "page_content", op: "UPDATE", key: "k", page_path: "/" });
  expect(cacheState(await data("/_root.data"))).toBe("MISS");
  // Signed in, a data request is personal.
  const cookie = `better-auth.session_token=${signed("abc")}`;
  expect((await get("/media/news.data", { accept: "*/*", cookie })).headers.get("x-cache")).toBe(
    null,
  );
});

test("a page asked for again gets its stored brotli recompressed smaller, the same page", async () => {
  await get("/varied");
  const first = await getRaw("/varied", "br");
  const text = brotliDecompressSync(first.body).toString("utf8");
  await getRaw("/varied", "br");
  await getRaw("/varied", "br"); // the third answer asks for the best quality, off its path
  await expect
    .poll(async () => (await getRaw("/varied", "br")).body.length)
    .toBeLessThan(first.body.length);
  const best = await getRaw("/varied", "br");
  expect(cacheState(best)).toBe("HIT");
  expect(brotliDecompressSync(best.body).toString("utf8")).toBe(text);
});

test("addresses with a parameter no public page reads are rendered, never stored", async () => {
  for (const query of ["?token=abc", "?category=1&x=2", "?utm_source=x&token=abc"]) {
    const before = renders;
    expect(await xCache(`/params${query}`)).toBeNull(); // not through the cache at all
    expect(await xCache(`/params${query}`)).toBeNull();
    expect(renders).toBe(before + 2);
  }
  for (const query of ["?category=events", "?page=2", "?type=video&page=3", ""]) {
    expect(await xCache(`/params${query}`)).toBe("MISS");
    expect(await xCache(`/params${query}`)).toBe("HIT");
  }
});

test("a shared link's tracking parameters get the page without them, rendered without them", async () => {
  const before = renders;
  const shared = await get("/address?fbclid=IwAR0abc&utm_source=facebook&utm_medium=social");
  expect(cacheState(shared)).toBe("MISS");
  expect(await shared.text()).toBe("<p>/address</p>");
  for (const query of ["", "?utm_source=whatsapp", "?gclid=xyz", "?utm_campaign=ramadan"]) {
    const page = await get(`/address${query}`);
    expect(cacheState(page)).toBe("HIT");
    expect(await page.text()).toBe("<p>/address</p>");
  }
  // The parameters pages read are kept, in their order; only the tracking ones go.
  const listed = await get("/address?category=events&fbclid=abc&page=2");
  expect(await listed.text()).toBe("<p>/address?category=events&page=2</p>");
  expect(cacheState(await get("/address?category=events&page=2"))).toBe("HIT");
  expect(renders).toBe(before + 2);
});

test("brotli only when the browser takes it", () => {
  expect(pickEncoding("gzip, deflate, br")).toBe("br");
  expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
  expect(pickEncoding("deflate")).toBe("identity");
  expect(pickEncoding(undefined)).toBe("identity");
  expect(pickEncoding("*")).toBe("br");
});

test("a menu change clears every cached page (every page shows the menus)", async () => {
  const pages = ["/", "/about", "/media/news", "/donate"];
  await Promise.all(pages.map((page) => get(page)));
  expect(await Promise.all(pages.map(xCache))).toEqual(pages.map(() => "HIT"));
  cache.invalidate({ table: "menus", op: "UPDATE", key: "header" });
  expect(await Promise.all(pages.map(xCache))).toEqual(pages.map(() => "MISS"));
});
