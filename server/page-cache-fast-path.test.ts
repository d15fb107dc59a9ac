import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import helmet from "helmet";
import { afterAll, beforeEach, expect, test, vi } from "vitest";
import { compressResponses } from "./compress-responses.js";
import { createPageCache } from "./page-cache";
import { createShutdownGuard } from "./shutdown-guard.js";

// The fast path (docs/decisions/053) answers a stored page before Express: the same status,
// headers and bytes as the app's own answer from the store, composed as server/index.js and
// server/app.ts compose them (shutdown guard, compression, the view counter, helmet's headers
// with a nonce CSP, the page cache).

const SECRET = "fast-path-test-secret-0123456789abcdef";
const cache = createPageCache({ secret: SECRET, listsAt: () => [] });
let nonce = 0;
/** The requests the view counter saw, from either path. */
const counted: string[] = [];
const countView = (url: string) => {
  if (url.startsWith("/media/news/")) counted.push(url);
};

const app = express();
app.disable("x-powered-by");
app.use((req, _res, next) => {
  countView(req.originalUrl);
  next();
});
app.use(cache.serveStored);
app.use((_req, res, next) => {
  res.locals.cspNonce = `n${++nonce}`;
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
        ],
      },
    },
    referrerPolicy: { policy: "same-origin" },
  }),
);
app.use(cache.middleware);
app.get("/{*path}", (req, res) => {
  res.status(200).type("html");
  res.setHeader("Cache-Control", "public, max-age=0");
  res.end(
    `<!doctype html><script nonce="${res.locals.cspNonce}">boot()</script><p>${req.path} ${"نص عربي للقراءة ".repeat(300)}</p>`,
  );
});

const outer = express();
outer.disable("x-powered-by");
const guard = createShutdownGuard();
outer.use(guard.middleware);
outer.use(compressResponses());
outer.use(app);

let fastPath = true;
let answeredFast = 0;
const server = http.createServer((req, res) => {
  const fast =
    fastPath &&
    !guard.stopping &&
    cache.answerFirst(req, res, (asked) => countView(asked.url ?? ""));
  if (fast) answeredFast++;
  else outer(req, res);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => server.close());
beforeEach(() => {
  fastPath = true;
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Raw>((resolve, reject) => {
    http
      .request(
        `${base}${path}`,
        { method, headers: { accept: "text/html", ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on("error", reject)
      .end();
  });
}

/**
 * A response as compared: everything but the date, and the body as decoded. A page asked for
 * often is recompressed at brotli's best quality in the background (server/page-cache/store.ts),
 * so two hits a moment apart may carry the same page in different brotli bytes and lengths.
 */
const comparable = ({ status, headers, body }: Raw) => {
  const { date: _date, "content-length": _length, ...rest } = headers;
  const encoding = headers["content-encoding"];
  const decoded =
    encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
  return { status, headers: rest, body: decoded.toString("utf8") };
};

/**
 * Runs `request`, then waits until the page it rendered is in the store: a page is stored once
 * its compressed copies are made, a moment after its answer (a loaded machine makes it longer).
 */
async function storedAfter(request: () => Promise<unknown>) {
  const before = cache.size;
  await request();
  await vi.waitFor(() => expect(cache.size).toBeGreaterThanOrEqual(before + 1), {
    timeout: 5000,
    interval: 10,
  });
}

/** The answer with and without the fast path, the page stored first. */
async function bothPaths(path: string, headers: Record<string, string> = {}) {
  await raw(path);
  // Stored once its compressed copies are made, a moment after the first answer.
  fastPath = false;
  await vi.waitFor(async () => expect((await raw(path)).headers["x-cache"]).toBe("HIT"), {
    timeout: 5000,
    interval: 10,
  });
  fastPath = false;
  const slow = await raw(path, headers);
  fastPath = true;
  const before = answeredFast;
  const fast = await raw(path, headers);
  return { slow, fast, tookFastPath: answeredFast > before };
}

const signedSession = () => {
  const value = "a-session-token";
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
};

test("a stored page answers the same status, headers and bytes on both paths, in every encoding", async () => {
  for (const encoding of ["br", "gzip, deflate, br", "gzip", "identity", ""]) {
    const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
    const { slow, fast, tookFastPath } = await bothPaths("/about", headers);
    expect(tookFastPath).toBe(true);
    expect(slow.headers["x-cache"]).toBe("HIT");
    expect(comparable(fast)).toEqual(comparable(slow));
  }
  const { fast } = await bothPaths("/about", { "accept-encoding": "br" });
  expect(fast.headers["content-encoding"]).toBe("br");
  expect(fast.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(fast.headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(fast.headers["strict-transport-security"]).toBeTruthy();
  expect(fast.headers.vary).toBe("Accept-Encoding");
});

test("a conditional request is answered as the app answers it", async () => {
  const { slow, fast, tookFastPath } = await bothPaths("/conditional", {
    "accept-encoding": "br",
    "if-none-match": '"x"',
    "if-modified-since": new Date().toUTCString(),
  });
  expect(tookFastPath).toBe(true);
  expect(comparable(fast)).toEqual(comparable(slow));
});

test("a post's view is counted on the fast path as on the app's", async () => {
  counted.length = 0;
  await storedAfter(() => raw("/media/news/a-post"));
  expect(counted).toEqual(["/media/news/a-post"]);
  const before = answeredFast;
  await raw("/media/news/a-post");
  expect(answeredFast).toBe(before + 1);
  expect(counted).toEqual(["/media/news/a-post", "/media/news/a-post"]);
});

test("a shared link's tracking parameters are answered on the fast path with the page without them", async () => {
  await storedAfter(() => raw("/shared-post"));
  const before = answeredFast;
  const shared = await raw("/shared-post?fbclid=IwAR0abc&utm_source=facebook");
  expect(answeredFast).toBe(before + 1);
  expect(comparable(shared).body).toContain("<p>/shared-post ");
});

test("signed-in requests, other methods, deflate-only browsers and a stopping server go to the app", async () => {
  await raw("/stored");
  const before = answeredFast;
  const signedIn = await raw("/stored", { cookie: signedSession() });
  expect(signedIn.headers["x-cache"]).toBeUndefined();
  expect(signedIn.headers["content-security-policy"]).toContain("'nonce-");
  expect((await raw("/stored", {}, "HEAD")).status).toBe(200);
  expect((await raw("/stored", {}, "POST")).headers["x-cache"]).toBeUndefined();
  // Compression deflates for such a browser; the stored page has no deflate copy.
  expect((await raw("/stored", { "accept-encoding": "deflate" })).headers["content-encoding"]).toBe(
    "deflate",
  );
  expect(answeredFast).toBe(before);

  guard.begin();
  const stopping = await raw("/stored");
  expect(stopping.status).toBe(503);
  expect(answeredFast).toBe(before);
});
