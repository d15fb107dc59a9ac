import type { NextFunction, Request, Response } from "express";
import { hasSignedCookie, SESSION_COOKIE, TOAST_COOKIE } from "~/utils/session-cookie.server";

interface Entry {
  status: number;
  contentType: string;
  body: string;
  nonce: string;
  storedAt: number;
}

/** Paths that are personal, mutable or not pages: never cached. */
const UNCACHED =
  /^\/(admin|account|login|auth|profile|setup|logout|api|realtime|uploads|healthz)(\/|$|\?)/;

/**
 * Keeps the HTML of public pages as a signed-out visitor sees them, so repeat visits skip the
 * database and React rendering. Every change notified by PostgreSQL clears it (`invalidate`),
 * and entries expire after `ttlMs` anyway. Each response still gets its own CSP nonce: the
 * stored nonce is swapped for the new one.
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
  let generation = 0;

  function isCacheable(req: Request) {
    return (
      req.method === "GET" &&
      (req.headers.accept ?? "").includes("text/html") &&
      !UNCACHED.test(req.path) &&
      !isPersonal(req.headers.cookie)
    );
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (!isCacheable(req)) return next();
    const key = req.originalUrl;
    const nonce = res.locals.cspNonce as string;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < ttlMs) {
      res.status(hit.status).type(hit.contentType).set("X-Cache", "HIT");
      res.send(hit.body.replaceAll(hit.nonce, nonce));
      return;
    }

    const startedIn = generation;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Uint8Array));
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Uint8Array));
      const storable =
        res.statusCode === 200 && !res.getHeader("set-cookie") && startedIn === generation;
      if (storable) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, {
          status: 200,
          contentType: String(res.getHeader("content-type") ?? "text/html; charset=utf-8"),
          body: Buffer.concat(chunks).toString("utf8"),
          nonce,
          storedAt: Date.now(),
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.set("X-Cache", "MISS");
    next();
  }

  function invalidate() {
    generation++;
    entries.clear();
  }

  return {
    middleware,
    invalidate,
    get size() {
      return entries.size;
    },
  };
}
