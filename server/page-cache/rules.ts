import type { IncomingHttpHeaders } from "node:http";
import { displayKey } from "~/shared/display-preferences";
import { PAGE_PARAM } from "~/shared/pagination";
import { hasSignedCookie, signedSessionToken, TOAST_COOKIE } from "~/utils/session-cookie.server";

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
 * made-up ones) are rendered but never stored: each would be a page of its own, so a stream of
 * made-up addresses could push the real pages out of the cache.
 */
const STORED_QUERY_PARAMS = new Set(["category", PAGE_PARAM, "type", "sent", "done"]);

/**
 * Parameters that only say where a followed link was shared: campaign tags (`utm_…`) and the click
 * ids Facebook, Google, Microsoft, X, TikTok, Instagram and Mailchimp add to links followed from
 * them. No page reads them: an address with them is the page of the address without them, rendered
 * without them and stored once (docs/decisions/097), not a render for every visit from a shared post.
 */
const TRACKING_PARAM =
  /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|ttclid|igshid|mc_cid|mc_eid)$/;

/** Whether an address's query asks only what public pages read (see STORED_QUERY_PARAMS). */
function hasOnlyStoredParams(originalUrl: string): boolean {
  const query = originalUrl.indexOf("?");
  if (query < 0) return true;
  for (const name of new URLSearchParams(originalUrl.slice(query + 1)).keys())
    if (!STORED_QUERY_PARAMS.has(name) && !TRACKING_PARAM.test(name)) return false;
  return true;
}

/** The address without its tracking parameters (TRACKING_PARAM): the same string when it has none. */
export function withoutTracking(originalUrl: string): string {
  const query = originalUrl.indexOf("?");
  if (query < 0) return originalUrl;
  const params = [...new URLSearchParams(originalUrl.slice(query + 1))];
  const kept = params.filter(([name]) => !TRACKING_PARAM.test(name));
  if (kept.length === params.length) return originalUrl;
  const rest = new URLSearchParams(kept).toString();
  return `${originalUrl.slice(0, query)}${rest ? `?${rest}` : ""}`;
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

/** Whom a request's page may be kept for: everyone signed out, or a signed session's holder. */
export type Reader = { signedIn: false } | { signedIn: true; token: string };
const SIGNED_OUT: Reader = { signedIn: false };

/**
 * Whom the cache may answer a request for, or null: a GET of a page (or its data, a feed, the
 * sitemap) with only the query parameters pages read, asked signed out or with a session (kept for
 * the session only if it is a viewer's, which the cache asks the database: docs/decisions/096). A
 * pending toast makes the response personal. Only cookies whose signature verifies with `secret`
 * count, so a made-up `session_token=x` neither buys a full render on every request nor a
 * database read.
 */
export function readerOf(req: CacheableRequest, secret: string): Reader | null {
  const cookies = req.headers.cookie ?? "";
  const path = pathOf(req.originalUrl);
  if (
    req.method !== "GET" ||
    !(
      (req.headers.accept ?? "").includes("text/html") ||
      isDataRequest(path) ||
      STORED_FILES.test(path)
    ) ||
    UNCACHED.test(path) ||
    !hasOnlyStoredParams(req.originalUrl) ||
    hasSignedCookie(cookies, TOAST_COOKIE, secret)
  )
    return null;
  const token = signedSessionToken(cookies, secret);
  return token === null ? SIGNED_OUT : { signedIn: true, token };
}

/** A request the cache may answer for everyone signed out (the fast path's, server/app.ts). */
export const isCacheable = (req: CacheableRequest, secret: string) =>
  readerOf(req, secret)?.signedIn === false;

/** The key of a viewer's copy of a page (beside `keyOf`'s, the signed-out reader's). */
export const viewersKeyOf = (req: CacheableRequest) => `viewers ${keyOf(req)}`;

/**
 * One copy per text size and contrast: the server renders the reader's choice (decision 029); an
 * address with tracking parameters is the page without them (decision 097).
 */
export const keyOf = (req: CacheableRequest) =>
  `${displayKey(req.headers.cookie)} ${withoutTracking(req.originalUrl)}`;
