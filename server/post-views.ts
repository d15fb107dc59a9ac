import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import proxyaddr from "proxy-addr";
import { countPostViewBySlug } from "~/models/posts.server";
import { consumeRateLimit } from "~/models/rate-limits.server";
import { NEWS_PATH, POST_ROUTE_ID } from "~/shared/paths";
import { logger } from "~/utils/logger.server";

/** A post page, as a document (`/media/news/<slug>`) or as React Router's data (`….data`). */
const POST_PAGE = new RegExp(`^${NEWS_PATH}/([^/]+?)(\\.data)?/?$`);
/** One visitor's views of one post count once an hour. */
const ONE_VIEW_PER_HOUR = { max: 1, window: 60 * 60 };
/** Visitors this process already counted (or found counted) this hour, at most this many. */
const MAX_REMEMBERED = 50_000;

/** What counting a view reads of a request: the same from Express's request and from Node's. */
export interface ViewRequest {
  method: string;
  /** The address as requested: path and query. */
  url: string;
  /** The client's address, as `trust proxy` yields it. */
  ip: string;
  userAgent: string;
}

/** Node's request read as Express reads it (`req.ip` under `trust`, Express's compiled `trust proxy`). */
export const viewOfNodeRequest = (
  req: IncomingMessage,
  trust: Parameters<typeof proxyaddr>[1],
): ViewRequest => ({
  method: req.method ?? "",
  url: req.url ?? "",
  ip: proxyaddr(req, trust),
  userAgent: req.headers["user-agent"] ?? "",
});

/** The slug of the post page a reader is opening, or null for anything else. */
export function postViewed({ method, url }: Pick<ViewRequest, "method" | "url">): string | null {
  if (method !== "GET") return null;
  const queryAt = url.indexOf("?");
  const match = POST_PAGE.exec(queryAt < 0 ? url : url.slice(0, queryAt));
  if (!match) return null;
  // A data request that does not load the post's own route (a live update revalidating the
  // layout) is not someone opening the post.
  if (match[2] && queryAt >= 0) {
    const routes = new URLSearchParams(url.slice(queryAt + 1)).get("_routes");
    if (routes !== null && !routes.split(",").includes(POST_ROUTE_ID)) return null;
  }
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Counts post views before the page cache answers, so a page served from the cache counts as
 * much as a rendered one (the loader used to count, and the cache skipped it). A visitor — the
 * client address and browser, hashed — counts once per post per hour, and robots not at all.
 * Counting runs beside the response, never in its way; a failure is only logged.
 */
export function createPostViewCounter() {
  // A reader this process already asked the shared table about within the hour would be refused
  // again: no need to ask (a reload of a cached post then costs no database write).
  const askedUntil = new Map<string, number>();
  const alreadyAsked = (key: string) => {
    const now = Date.now();
    if ((askedUntil.get(key) ?? 0) > now) return true;
    askedUntil.delete(key);
    if (askedUntil.size >= MAX_REMEMBERED)
      askedUntil.delete(askedUntil.keys().next().value as string);
    askedUntil.set(key, now + ONE_VIEW_PER_HOUR.window * 1000);
    return false;
  };
  /** Counts the view a request makes, if any (the fast path calls it with Node's request). */
  function count(req: ViewRequest) {
    const slug = postViewed(req);
    const { userAgent } = req;
    if (!slug || isbot(userAgent)) return;
    const visitor = createHash("sha256").update(`${req.ip}|${userAgent}`).digest("base64url");
    const key = `post-view|${slug}|${visitor}`;
    if (alreadyAsked(key)) return;
    consumeRateLimit(key, ONE_VIEW_PER_HOUR)
      .then(({ allowed }) => (allowed ? countPostViewBySlug(slug) : undefined))
      .catch((error) => logger.warn({ err: error, slug }, "failed to count a post view"));
  }
  return Object.assign(
    function countPostViews(req: Request, _res: Response, next: NextFunction) {
      count({
        method: req.method,
        url: req.originalUrl,
        ip: req.ip ?? "",
        userAgent: req.get("user-agent") ?? "",
      });
      next();
    },
    { count },
  );
}

/** Whether an address may be a post page's (a cheap test before a request is read as Express's). */
export const mayBePostView = (url: string) => url.startsWith(`${NEWS_PATH}/`);
