import type { NextFunction, Request, Response } from "express";

interface Entry {
  status: number;
  contentType: string;
  body: string;
  nonce: string;
  storedAt: number;
}

/** Paths that are personal, mutable or not pages: never cached. */
const UNCACHED = /^\/(admin|login|auth|profile|setup|logout|api|realtime|uploads|healthz)(\/|$|\?)/;
/** Cookies that make a response personal (a session or a pending toast). */
const PERSONAL_COOKIE = /(session_token|rifq_toast)=/;

/**
 * Keeps the HTML of public pages as a signed-out visitor sees them, so repeat visits skip the
 * database and React rendering. Every change notified by PostgreSQL clears it (`invalidate`),
 * and entries expire after `ttlMs` anyway. Each response still gets its own CSP nonce: the
 * stored nonce is swapped for the new one.
 */
export function createPageCache({ ttlMs = 60_000, maxEntries = 300 } = {}) {
  const entries = new Map<string, Entry>();
  let generation = 0;

  function isCacheable(req: Request) {
    return (
      req.method === "GET" &&
      (req.headers.accept ?? "").includes("text/html") &&
      !UNCACHED.test(req.path) &&
      !PERSONAL_COOKIE.test(req.headers.cookie ?? "")
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
