import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { ChangeEvent, ListTable } from "~/shared/live-event";
import { livePageAt } from "~/shared/live-page";
import {
  type CacheableRequest,
  isCacheable,
  keyOf,
  pageOf,
  readerOf,
  viewersKeyOf,
  withoutTracking,
} from "./page-cache/rules";
import {
  bodyIn,
  compressRendered,
  createPageStore,
  type Entry,
  type Flight,
} from "./page-cache/store";

// The page cache as Express middleware: which requests it answers is in ./page-cache/rules.ts,
// what it keeps in ./page-cache/store.ts; here a render's bytes are caught and stored ones sent.

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

/** Where a request's page is kept, and whether it still may be once rendered. */
interface StoredKey {
  key: string;
  stillFor: () => Promise<boolean>;
}

/** A signed-out reader's page may always be kept. */
const ALWAYS = async () => true;

/** The callback among `write`'s or `end`'s arguments, if any. */
const callbackOf = (args: unknown[]) =>
  args.find((arg): arg is () => void => typeof arg === "function");

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * `'sha256-…'` of every inline script of a page (its bytes), as CSP matches them. The page is read
 * one character per byte and each script hashed as the bytes it is: the same hashes as of the UTF-8
 * text, without decoding 70 KB of Arabic on every render.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.toString("latin1").matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "", "latin1")
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

type Encoding = ReturnType<typeof pickEncoding>;

/** The response head of an entry in an encoding, made when first needed (and again when its brotli is remade). */
function wireOf(entry: Entry, encoding: Encoding): { body: Buffer; headers: OutgoingHttpHeaders } {
  const body = bodyIn(entry, encoding);
  const made = entry.wire[encoding];
  if (made?.body === body) return made;
  const headers: OutgoingHttpHeaders = { "Content-Type": entry.contentType };
  for (const [name, value] of entry.headers) headers[name] = value;
  headers.Vary = "Accept-Encoding";
  headers["X-Cache"] = "HIT";
  if (entry.csp) headers["Content-Security-Policy"] = entry.csp;
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = body.length;
  const wire = { body, headers };
  entry.wire[encoding] = wire;
  return wire;
}

/**
 * Keeps public pages (and their data requests, which open pages make when a list changes) as a
 * signed-out visitor sees them, already compressed, so a repeat visit
 * costs about what a static file does: no database, no React, no compression. Every response is
 * answered from stored bytes in the encoding the browser accepts (brotli, gzip or none). The
 * stored bytes cannot carry each response's CSP nonce, so cached pages are answered with a CSP
 * that allows their inline scripts by hash instead (docs/decisions/026). A change clears only the
 * pages it concerns (`invalidate`, asking `concerns` of app/shared/live-event.ts with the lists
 * each page's routes show); entries expire after `ttlMs` anyway (scheduled posts appear without
 * a change). Concurrent misses for one page wait for a single render.
 */
export function createPageCache({
  secret,
  isViewerSession,
  listsAt,
  ttlMs = 60_000,
  maxEntries = 300,
  recompressAfterMs,
}: {
  /** AUTH_SECRET: only a cookie signed with it makes a request personal. */
  secret: string;
  /**
   * Whether a signed session token is a viewer's live one, whose public pages are the same for
   * every viewer and kept once for all of them (docs/decisions/096). Without it, every request
   * with a session is rendered.
   */
  isViewerSession?: (token: string) => Promise<boolean>;
  /**
   * The lists the routes at a page's path show (their handles' `liveLists`: server/route-lists.ts);
   * a change to one of them clears the page.
   */
  listsAt: (pathname: string) => readonly ListTable[];
  ttlMs?: number;
  maxEntries?: number;
  /** How long a stored page goes unchanged before its brotli is remade at the best quality. */
  recompressAfterMs?: number;
}) {
  const pages = createPageStore({ ttlMs, maxEntries, recompressAfterMs });
  let renders = 0;

  /**
   * Answers a stored page: its bytes in the encoding the browser takes, with the headers made once
   * per entry and encoding (the render's security headers, its hash CSP, the length), so an
   * answer is one `writeHead` and one `end` (docs/decisions/053).
   */
  function serve(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    const { body, headers } = wireOf(entry, pickEncoding(req.headers["accept-encoding"]));
    res.writeHead(200, headers);
    res.end(body);
  }

  /** The stored page's CSP: the render's, with its nonce replaced by its inline scripts' hashes. */
  function storedPolicy(res: Response, body: Buffer): string | null {
    const policy = res.getHeader("content-security-policy");
    if (typeof policy !== "string") return null;
    const nonce = res.locals.cspNonce as string;
    const hashes = inlineScriptHashes(body).join(" ") || "'none'";
    return policy.replace(`'nonce-${nonce}'`, hashes);
  }

  /**
   * Renders the page through the app and keeps its bytes. The render's writes are held, not sent:
   * a signed-out page is read whole before it is sent anyway (app/entry.server.tsx), so once
   * stored, its own response is answered from the entry's compressed bytes, compressed once rather
   * than a second time on the way out (docs/decisions/093). A response that is not stored (a
   * status but 200, a cookie) gets the held writes as they came. Written chunks are kept as they
   * are, not copied: like Node's own write queue, the cache takes a written chunk as final.
   */
  function render(
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    stillFor: () => Promise<boolean>,
  ): Flight {
    renders++;
    const chunks: Buffer[] = [];
    const hold = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string")
        chunks.push(
          Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
        );
      else if (chunk instanceof Uint8Array)
        chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    let settle: (entry: Entry | null) => void = () => {};
    const pathname = pageOf(req.path);
    const flight: Flight = {
      entry: new Promise((resolve) => {
        settle = resolve;
      }),
      page: livePageAt(pathname, listsAt(pathname)),
      stale: false,
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const restore = () => {
      res.write = write as Response["write"];
      res.end = end as Response["end"];
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      hold(chunk, rest[0]);
      const done = callbackOf(rest);
      if (done) process.nextTick(done);
      return true;
    }) as Response["write"];
    /** The held writes sent as they came (a response the cache does not store). */
    const sendHeld = (done?: () => void) => {
      restore();
      for (const chunk of chunks) write(chunk);
      end(done);
      settle(null);
    };
    let ended = false;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      ended = true;
      if (typeof chunk !== "function") hold(chunk, rest[0]);
      const done = callbackOf([chunk, ...rest]);
      if (res.statusCode !== 200 || res.getHeader("set-cookie")) {
        sendHeld(done);
        return res;
      }
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      compressRendered({
        page: flight.page,
        body,
        contentType: String(res.getHeader("content-type") ?? "text/html; charset=utf-8"),
        csp: storedPolicy(res, body),
        headers: Object.entries(res.getHeaders()).filter(
          (header): header is [string, string | number | string[]] =>
            header[1] !== undefined && !OWN_HEADERS.has(header[0]),
        ),
      })
        .then(async (entry) => {
          // A viewer promoted while the page rendered: the render is theirs alone, answered to
          // them, neither kept nor handed to the viewers waiting for it (they render their own).
          const shared = await stillFor();
          if (shared && !flight.stale) pages.store(key, entry);
          return { entry, shared };
        })
        .then(
          ({ entry, shared }) => {
            settle(shared ? entry : null);
            restore();
            answerRendered(req, res, entry, done);
          },
          () => sendHeld(done),
        );
      return res;
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
   * The render's own response, with its own headers (its CSP's nonce…), answered from the entry's
   * bytes in the encoding the browser takes.
   */
  function answerRendered(req: Request, res: Response, entry: Entry, done?: () => void) {
    if (res.destroyed) return;
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = bodyIn(entry, encoding);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.vary("Accept-Encoding");
    res.setHeader("Content-Length", body.length);
    res.end(body, done);
  }

  /**
   * The key of the stored page a request may be answered with, and how to tell, once its page has
   * rendered, that it still may be kept under it: signed out at once; with a session, once the
   * session is known to be a viewer's (null for anyone else, whose page is rendered).
   */
  function storedKeyOf(req: Request): StoredKey | null | Promise<StoredKey | null> {
    const reader = readerOf(req, secret);
    if (!reader) return null;
    if (!reader.signedIn) return { key: keyOf(req), stillFor: ALWAYS };
    if (!isViewerSession) return null;
    const stillFor = () => isViewerSession(reader.token);
    return stillFor().then((viewer) => (viewer ? { key: viewersKeyOf(req), stillFor } : null));
  }

  /**
   * Answers a fresh stored page at once. It can run first in the app, before the security headers
   * are computed: a stored page replays those of its render.
   */
  function serveStored(req: Request, res: Response, next: NextFunction) {
    const answerStoredOr = (stored: StoredKey | null) => {
      const hit = stored && pages.hit(stored.key);
      if (hit) return serve(req, res, hit);
      next();
    };
    const stored = storedKeyOf(req);
    if (stored instanceof Promise) stored.then(answerStoredOr, next);
    else answerStoredOr(stored);
  }

  /**
   * The fast path, before Express (server/index.js): answers a fresh stored page from Node's own
   * request and response, or returns false and leaves both untouched for the app. `beforeAnswer`
   * runs for a request about to be answered (the post-view counter). Only GETs the cache may
   * answer (signed out: a viewer's session is a database read, left to the app); an identity
   * answer to a browser that asked for deflate is left to the app, whose compression would
   * deflate it.
   */
  function answerFirst(
    req: IncomingMessage,
    res: ServerResponse,
    beforeAnswer?: (req: IncomingMessage) => void,
  ): boolean {
    if (req.method !== "GET") return false;
    const asked: CacheableRequest = {
      method: req.method,
      originalUrl: req.url ?? "/",
      headers: req.headers,
    };
    if (!isCacheable(asked, secret)) return false;
    const hit = pages.hit(keyOf(asked));
    if (!hit) return false;
    const accepted = req.headers["accept-encoding"];
    if (accepted && pickEncoding(accepted) === "identity" && /deflate/i.test(accepted))
      return false;
    beforeAnswer?.(req);
    serve(req, res, hit);
    return true;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    const stored = await storedKeyOf(req);
    if (!stored) return next();
    const { key, stillFor } = stored;
    // A shared link's tracking parameters: the page is rendered, and kept, without them (decision
    // 097), so no reader's page carries another's click id.
    const address = withoutTracking(req.originalUrl);
    if (address !== req.originalUrl) {
      req.url = address;
      req.originalUrl = address;
    }
    const hit = pages.hit(key);
    if (hit) return serve(req, res, hit);

    const running = pages.flight(key);
    if (running) {
      const entry = await running.entry;
      // Waited for another request's render: answered from its bytes, a hit too.
      if (entry && !res.headersSent) return serve(req, res, entry);
      return next();
    }
    pages.fly(key, render(req, res, next, key, stillFor));
  }

  return {
    serveStored,
    answerFirst,
    middleware,
    /** Forgets the pages a change concerns; without an event (changes may be missed), every page. */
    invalidate: (event?: ChangeEvent) => pages.invalidate(event),
    get size() {
      return pages.size;
    },
    /** How many renders the cache let through (for tests). */
    get renders() {
      return renders;
    },
  };
}
