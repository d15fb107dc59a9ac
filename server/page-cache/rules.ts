import type { IncomingHttpHeaders } from "node:http";
import { displayKey } from "~/shared/display-preferences";
import { PAGE_PARAM } from "~/shared/pagination";
import { hasSignedCookie, SESSION_COOKIE, TOAST_COOKIE } from "~/utils/session-cookie.server";

// Which requests the page cache answers, and under which key (docs/decisions/026).

/**
 * Paths that are personal, mutable or not pages: never cached. Document files (docs/decisions/048)
 * are large and may be hidden at any time: browsers keep them, this cache does not. A request's
 * follow-up page (docs/decisions/072) is one person's.
 */
export const UNCACHED =
  /^\/(admin|account|login|auth|profile|setup|logout|api|realtime|uploads|healthz|readyz|documents|requests)(\/|$|\?)/;

/**
 * The query parameters the public pages read (the news category and page, the gallery's type, a
 * form's "sent" notice). Addresses with any other parameter (a newsletter token, a preview link,
 * `?utm_source=` or made-up ones) are rendered but never stored: each would be a page of its own,
 * so a stream of made-up addresses could push the real pages out of the cache.
 */
const STORED_QUERY_PARAMS = new Set(["category", PAGE_PARAM, "type", "sent", "done"]);

/** Whether an address's query asks only what public pages read (see STORED_QUERY_PARAMS). */
function hasOnlyStoredParams(originalUrl: string): boolean {
  const query = originalUrl.indexOf("?");
  if (query < 0) return true;
  for (const name of new URLSearchParams(originalUrl.slice(query + 1)).keys())
    if (!STORED_QUERY_PARAMS.has(name)) return false;
  return true;
}

/**
 * Feeds, robots.txt, the sitemap index and its parts: stored whatever the client accepts (a feed
 * reader or a robot does not ask for HTML), cleared by their routes' lists (docs/decisions/053).
 */
export const STORED_FILES =
  /^\/(feed\.xml|atom\.xml|robots\.txt|sitemap\.xml|sitemap\/[a-z]+-\d+\.xml)$/;

/** React Router's data request of a page (`/media/news.data`, `/_root.data` for "/"). */
const isDataRequest = (path: string) => path.endsWith(".data");

/** The page a request is for: its path, or the page of a data request. */
export function pageOf(path: string): string {
  if (!isDataRequest(path)) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** What the rules read of a request: Express's or Node's own (the fast path, server/app.ts). */
export interface CacheableRequest {
  method?: string;
  /** The address as asked, path and query (Express's `originalUrl`, Node's `url`). */
  originalUrl: string;
  headers: IncomingHttpHeaders;
}

/** The path of an address (before its query). */
export const pathOf = (originalUrl: string) => {
  const query = originalUrl.indexOf("?");
  return query < 0 ? originalUrl : originalUrl.slice(0, query);
};

/**
 * A request the cache may answer: a signed-out GET of a page (or its data, a feed, the sitemap)
 * with only the query parameters pages read. A session or a pending toast makes the response
 * personal; only cookies whose signature verifies with `secret` count, so a made-up
 * `session_token=x` does not buy a full render on every request.
 */
export function isCacheable(req: CacheableRequest, secret: string): boolean {
  const cookies = req.headers.cookie ?? "";
  const path = pathOf(req.originalUrl);
  return (
    req.method === "GET" &&
    ((req.headers.accept ?? "").includes("text/html") ||
      isDataRequest(path) ||
      STORED_FILES.test(path)) &&
    !UNCACHED.test(path) &&
    hasOnlyStoredParams(req.originalUrl) &&
    !hasSignedCookie(cookies, SESSION_COOKIE, secret) &&
    !hasSignedCookie(cookies, TOAST_COOKIE, secret)
  );
}

/** One copy per text size and contrast: the server renders the reader's choice (decision 029). */
export const keyOf = (req: CacheableRequest) =>
  `${displayKey(req.headers.cookie)} ${req.originalUrl}`;
