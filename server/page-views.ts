import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { countReading } from "~/models/reading-counts.server";
import {
  countedAddress,
  type DeviceClass,
  deviceClassOf,
  refererAddress,
  referrerHost,
  referringPage,
  STATISTIC_KINDS,
} from "~/shared/statistics";
import { pathOf, STORED_FILES, UNCACHED } from "./page-cache/rules";

/** User agents whose class this process remembers (a robot is `null`). */
const MAX_REMEMBERED_AGENTS = 1_000;

/**
 * Page views for the reading statistics (docs/decisions/074), counted where post views are
 * (docs/decisions/023): in the HTTP layer, so a page answered from the page cache — on the fast
 * path or in Express — counts like a rendered one, and a held page (no app) like any other.
 * Only a page answered 200 counts as a view of its address; a 404 counts under "broken links"
 * with the page that linked to it. Nothing about the reader is kept: the user agent becomes
 * phone/tablet/desktop (robots not counted), the Referer its host. Counting only adds to this
 * process's buffer (`~/models/reading-counts.server`); `enabled: false` (STATISTICS_COUNTING=off)
 * makes both entry points do nothing, for the bench's run without counting.
 */
export function createPageViewCounter({ enabled = true }: { enabled?: boolean } = {}) {
  const agents = new Map<string, DeviceClass | null>();
  const classOf = (userAgent: string) => {
    let known = agents.get(userAgent);
    if (known === undefined) {
      known = isbot(userAgent) ? null : deviceClassOf(userAgent);
      if (agents.size >= MAX_REMEMBERED_AGENTS) agents.clear();
      agents.set(userAgent, known);
    }
    return known;
  };

  /** Whether a GET of `path` may be a page someone reads (not a feed, a file or a staff screen). */
  const mayBePage = (path: string, headers: IncomingHttpHeaders) =>
    (path.endsWith(".data") || (headers.accept ?? "").includes("text/html")) &&
    !UNCACHED.test(path) &&
    !STORED_FILES.test(path) &&
    !path.startsWith("/assets/");

  /** Counts a page answered with `status` (only 200 and 404 count). */
  function answered(url: string, headers: IncomingHttpHeaders, status: number) {
    if (status !== 200 && status !== 404) return;
    const device = classOf(headers["user-agent"] ?? "");
    if (device === null) return;
    const path = pathOf(url);
    const isData = path.endsWith(".data");
    const address = countedAddress(url);
    const referer = headers.referer;
    // A data request from the page itself is a live update's revalidation, not a visit.
    if (isData && refererAddress(referer) === address) return;
    if (status === 404) {
      if (!isData) countReading(STATISTIC_KINDS.notFound, address, referringPage(referer));
      return;
    }
    countReading(STATISTIC_KINDS.view, address);
    countReading(STATISTIC_KINDS.device, device);
    const from = referrerHost(referer);
    const own = headers.host?.toLowerCase();
    if (from && from !== own && `www.${from}` !== own) countReading(STATISTIC_KINDS.referrer, from);
  }

  return {
    /** The fast path answered a stored page (200) from Node's request. */
    countStored(req: { method?: string; url?: string; headers: IncomingHttpHeaders }) {
      const url = req.url ?? "/";
      if (enabled && req.method === "GET" && mayBePage(pathOf(url), req.headers))
        answered(url, req.headers, 200);
    },
    /** Express: counts a page when its answer (stored or rendered) is finished, by its status. */
    middleware(req: Request, res: Response, next: NextFunction) {
      if (enabled && req.method === "GET" && mayBePage(req.path, req.headers))
        res.once("finish", () => answered(req.originalUrl, req.headers, res.statusCode));
      next();
    },
  };
}
