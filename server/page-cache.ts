import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { ChangeEvent } from "~/models/change-visibility.server";
import { SHARED_BLOCK_PATH, toPagePath } from "~/shared/content-blocks";
import { displayKey } from "~/shared/display-preferences";
import { PAGE_PARAM } from "~/shared/pagination";
import { hasSignedCookie, SESSION_COOKIE, TOAST_COOKIE } from "~/utils/session-cookie.server";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A cached page: its bytes as sent, gzip and brotli, compressed once when stored. */
interface Entry {
  /** Answers from this entry; a page asked for often gets its brotli made smaller. */
  hits: number;
  pathname: string;
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The rendering response's own headers (security headers…), replayed on every hit. */
  headers: [string, string | number | string[]][];
  /** The CSP of the rendering response with its nonce replaced by the hashes of the inline scripts. */
  csp: string | null;
  storedAt: number;
}

/** A render in progress for a key: the misses that arrive meanwhile wait for its entry. */
interface Flight {
  entry: Promise<Entry | null>;
  /** Set when a change concerns the page while it renders: the result is not stored. */
  stale: boolean;
}

/** Headers that belong to one response, never replayed from a stored page. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "content-type",
  "set-cookie",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "x-cache",
]);

/** Paths that are personal, mutable or not pages: never cached. */
const UNCACHED =
  /^\/(admin|account|login|auth|profile|setup|logout|api|realtime|uploads|healthz)(\/|$|\?)/;

/**
 * The query parameters the public pages read (the news category and page, the gallery's type, a
 * form's "sent" notice). Addresses with any other parameter (a newsletter token, a preview link,
 * `?utm_source=` or made-up ones) are rendered but never stored: each would be a page of its own,
 * so a stream of made-up addresses could push the real pages out of the cache.
 */
const STORED_QUERY_PARAMS = new Set(["category", PAGE_PARAM, "type", "sent", "done"]);

/** Stored brotli: quality 8 costs what rendering does (~2 ms); 11 is 8 % smaller but ~40× dearer. */
const FIRST_BROTLI_QUALITY = 8;
const BEST_BROTLI_QUALITY = 11;
/** The hit on which a stored page is recompressed at the best quality, in the background. */
const RECOMPRESS_AT_HIT = 3;

const brotliAt = (quality: number, body: Buffer) =>
  brotliAsync(body, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** Whether an address's query asks only what public pages read (see STORED_QUERY_PARAMS). */
function hasOnlyStoredParams(originalUrl: string): boolean {
  const query = originalUrl.indexOf("?");
  if (query < 0) return true;
  for (const name of new URLSearchParams(originalUrl.slice(query + 1)).keys())
    if (!STORED_QUERY_PARAMS.has(name)) return false;
  return true;
}

/** React Router's data request of a page (`/media/news.data`, `/_root.data` for "/"). */
const isDataRequest = (path: string) => path.endsWith(".data");

/** The page a request is for: its path, or the page of a data request. */
export function pageOf(path: string): string {
  if (!isDataRequest(path)) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` of every inline script of the page, as CSP matches them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** Brotli when the browser takes it (smallest), else gzip, else the plain bytes. */
export function pickEncoding(header = ""): "br" | "gzip" | "identity" {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    weights.set(name.toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (encoding: string) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : "identity";
}

/** What lists the posts for feed readers and search engines (a browser's copy is cached too). */
const POST_LISTS = new Set(["/feed.xml", "/atom.xml", "/sitemap.xml"]);

/**
 * Whether a change can alter the page at `pathname` as a signed-out visitor sees it: a page text
 * its page (a layout text every page), a post the news pages, feeds and sitemap, a video or
 * image the gallery; settings and anything unknown every page.
 */
export function changeConcernsPath(event: ChangeEvent, pathname: string): boolean {
  switch (event.table) {
    case "page_content":
      return (
        !event.page_path ||
        event.page_path === SHARED_BLOCK_PATH ||
        event.page_path === toPagePath(pathname)
      );
    case "posts":
      return /^\/media\/news(\/|$)/.test(pathname) || POST_LISTS.has(pathname);
    case "videos":
    case "images":
      return /^\/media\/gallery\/?$/.test(pathname);
    default:
      return true;
  }
}

/**
 * Keeps public pages (and their data requests, which open pages make when a list changes) as a
 * signed-out visitor sees them, already compressed, so a repeat visit
 * costs about what a static file does: no database, no React, no compression. Every response is
 * answered from stored bytes in the encoding the browser accepts (brotli, gzip or none). The
 * stored bytes cannot carry each response's CSP nonce, so cached pages are answered with a CSP
 * that allows their inline scripts by hash instead (docs/decisions/026). A change clears only the
 * pages it concerns (`invalidate`); entries expire after `ttlMs` anyway (scheduled posts appear
 * without a change). Concurrent misses for one page wait for a single render.
 */
export function createPageCache({
  secret,
  ttlMs = 60_000,
  maxEntries = 300,
}: {
  /** AUTH_SECRET: only a cookie signed with it makes a request personal. */
  secret: string;
  ttlMs?: number;
  maxEntries?: number;
}) {
  /**
   * A session or a pending toast makes the response personal. Only cookies whose signature
   * verifies count: a made-up `session_token=x` must not buy a full render on every request.
   */
  const isPersonal = (cookies = "") =>
    hasSignedCookie(cookies, SESSION_COOKIE, secret) ||
    hasSignedCookie(cookies, TOAST_COOKIE, secret);

  const entries = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  let renders = 0;

  /** One copy per text size and contrast: the server renders the reader's choice (decision 029). */
  const keyOf = (req: Request) => `${displayKey(req.headers.cookie)} ${req.originalUrl}`;
  const urlOfKey = (key: string) => key.slice(key.indexOf(" ") + 1);

  function isCacheable(req: Request) {
    return (
      req.method === "GET" &&
      ((req.headers.accept ?? "").includes("text/html") || isDataRequest(req.path)) &&
      !UNCACHED.test(req.path) &&
      hasOnlyStoredParams(req.originalUrl) &&
      !isPersonal(req.headers.cookie)
    );
  }

  /** A page asked for again is worth the best brotli: made once, off the request's path. */
  function recompressWhenPopular(key: string, entry: Entry) {
    if (++entry.hits !== RECOMPRESS_AT_HIT) return;
    brotliAt(BEST_BROTLI_QUALITY, entry.identity).then(
      (br) => {
        if (entries.get(key) === entry) entry.br = br;
      },
      () => {}, // the first brotli stays
    );
  }

  function serve(req: Request, res: Response, entry: Entry) {
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
    res.status(200);
    res.setHeader("Content-Type", entry.contentType);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", "HIT");
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  async function compress(
    pathname: string,
    body: Buffer,
    contentType: string,
    csp: string | null,
    headers: Entry["headers"],
  ): Promise<Entry> {
    const [gz, br] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAt(FIRST_BROTLI_QUALITY, body),
    ]);
    return {
      hits: 0,
      pathname,
      contentType,
      identity: body,
      gzip: gz,
      br,
      headers,
      csp,
      storedAt: Date.now(),
    };
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  }

  /** Renders the page through the app, keeps the bytes and answers the entry (or null). */
  function render(req: Request, res: Response, next: NextFunction, key: string): Flight {
    renders++;
    const nonce = res.locals.cspNonce as string;
    const chunks: Buffer[] = [];
    let settle: (entry: Entry | null) => void = () => {};
    const flight: Flight = {
      entry: new Promise((resolve) => {
        settle = resolve;
      }),
      stale: false,
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Uint8Array));
      return write(chunk, ...rest);
    }) as Response["write"];
    let ended = false;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      ended = true;
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Uint8Array));
      const storable = res.statusCode === 200 && !res.getHeader("set-cookie");
      if (!storable) settle(null);
      else {
        const body = Buffer.concat(chunks);
        const policy = res.getHeader("content-security-policy");
        const csp =
          typeof policy === "string"
            ? policy.replace(
                `'nonce-${nonce}'`,
                inlineScriptHashes(body.toString("utf8")).join(" ") || "'none'",
              )
            : null;
        const contentType = String(res.getHeader("content-type") ?? "text/html; charset=utf-8");
        const headers = Object.entries(res.getHeaders()).filter(
          (header): header is [string, string | number | string[]] =>
            header[1] !== undefined && !OWN_HEADERS.has(header[0]),
        );
        compress(pageOf(req.path), body, contentType, csp, headers).then(
          (entry) => {
            if (!flight.stale) store(key, entry);
            settle(entry);
          },
          () => settle(null),
        );
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    // A response that never ends (the visitor left) stores nothing; waiters render themselves.
    res.once("close", () => {
      if (!ended) settle(null);
    });
    res.setHeader("X-Cache", "MISS");
    next();
    return flight;
  }

  /**
   * Answers a fresh stored page at once. It can run first in the app, before the security headers
   * are computed: a stored page replays those of its render.
   */
  function serveStored(req: Request, res: Response, next: NextFunction) {
    if (!isCacheable(req)) return next();
    const key = keyOf(req);
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < ttlMs) return answerHit(key, req, res, hit);
    next();
  }

  /** Answers a stored page; the pages asked for most stay longest (least recently used go). */
  function answerHit(key: string, req: Request, res: Response, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    recompressWhenPopular(key, entry);
    serve(req, res, entry);
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (!isCacheable(req)) return next();
    const key = keyOf(req);
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < ttlMs) return answerHit(key, req, res, hit);

    const running = flights.get(key);
    if (running) {
      const entry = await running.entry;
      // Waited for another request's render: answered from its bytes, a hit too.
      if (entry && !res.headersSent) return serve(req, res, entry);
      return next();
    }
    const flight = render(req, res, next, key);
    flights.set(key, flight);
    flight.entry.finally(() => {
      if (flights.get(key) === flight) flights.delete(key);
    });
  }

  /** Forgets the pages a change concerns; without an event (changes may be missed), every page. */
  function invalidate(event?: ChangeEvent) {
    const concerns = (pathname: string) => !event || changeConcernsPath(event, pathname);
    for (const [key, entry] of entries) if (concerns(entry.pathname)) entries.delete(key);
    for (const [key, flight] of flights) {
      if (concerns(pageOf(new URL(urlOfKey(key), "http://localhost").pathname))) {
        flight.stale = true;
        flights.delete(key);
      }
    }
  }

  return {
    serveStored,
    middleware,
    invalidate,
    get size() {
      return entries.size;
    },
    /** How many renders the cache let through (for tests). */
    get renders() {
      return renders;
    },
  };
}
