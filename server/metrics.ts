import http from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { logger } from "~/utils/logger.server";

/**
 * What a request was, for the metrics: a page answered from the cache, a page rendered, a staff
 * screen, a data or API request, a built file, or anything else (health, uploads, streams).
 * Six values, whatever the address: the series never multiply with the site's pages.
 */
export type RouteKind = "cached" | "rendered" | "staff" | "api" | "static" | "other";

const STAFF = /^\/(admin|account|profile|login|logout|setup|auth)(\/|$)/;
const API = /^\/(api|_root\.data)(\/|$)|\.data$/;
const STATIC =
  /^\/(assets|fonts|favicon|uploads|documents)(\/|\.|$)|\.(css|js|ico|png|svg|webp|woff2?)$/;
const OTHER = /^\/(healthz|readyz|realtime|__test)(\/|$)/;

export function routeKindOf(path: string, cacheHeader: unknown): RouteKind {
  if (cacheHeader === "HIT") return "cached";
  if (OTHER.test(path)) return "other";
  if (STAFF.test(path)) return "staff";
  if (API.test(path)) return "api";
  if (STATIC.test(path)) return "static";
  return "rendered";
}

/** Figures read when Prometheus asks (never on a request). */
export interface MetricsSources {
  liveStreams(): number;
  cachedPages(): number;
  mailQueue(): Promise<{ depth: number; oldestDueAgeMs: number }>;
  databasePool(): { total: number; idle: number; waiting: number } | null;
}

/**
 * Prometheus metrics (docs/decisions/077), off unless METRICS_PORT is set. On the cached fast
 * path a request costs one counter increment (`countCached`); other requests are timed from the
 * first middleware to the response's end, labelled by `RouteKind` only. The figures of the
 * process, the mail queue, the streams and the database pool are read when scraped.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "rifq_" });
  const requests = new Counter({
    name: "rifq_http_requests_total",
    help: "Requests answered, by route kind",
    labelNames: ["kind"],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: "rifq_http_request_duration_seconds",
    help: "Time from the request to the end of its answer, by route kind (not the fast path's cached pages)",
    labelNames: ["kind"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "rifq_page_cache_requests_total",
    help: "Cacheable page requests, answered from the cache (hit) or rendered (miss)",
    labelNames: ["result"],
    registers: [registry],
  });
  const cachedRequests = requests.labels("cached");
  const cacheHits = pageCache.labels("hit");
  const cacheMisses = pageCache.labels("miss");
  new Gauge({
    name: "rifq_live_streams",
    help: "Open /realtime streams",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: "rifq_page_cache_entries",
    help: "Pages in the page cache",
    registers: [registry],
    collect() {
      this.set(sources.cachedPages());
    },
  });
  const mailDepth = new Gauge({
    name: "rifq_mail_queue_depth",
    help: "E-mails waiting for an outcome (queued, claimed, sending)",
    registers: [registry],
  });
  const mailAge = new Gauge({
    name: "rifq_mail_queue_oldest_due_seconds",
    help: "How long the oldest due unsent e-mail has waited",
    registers: [registry],
  });
  new Gauge({
    name: "rifq_database_pool_connections",
    help: "PostgreSQL pool connections (total, idle, waiting clients); absent on the embedded database",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = sources.databasePool();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });

  async function readMailQueue() {
    try {
      const backlog = await sources.mailQueue();
      mailDepth.set(backlog.depth);
      mailAge.set(backlog.oldestDueAgeMs / 1000);
    } catch (error) {
      logger.warn({ err: error }, "metrics: could not read the mail queue");
    }
  }

  /** The first middleware: times the request and counts it by kind when its answer ends. */
  function observe(req: Request, res: Response, next: NextFunction) {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const cache = res.getHeader("x-cache");
      const kind = routeKindOf(req.path, cache);
      requests.labels(kind).inc();
      if (cache === "HIT") cacheHits.inc();
      else {
        if (cache === "MISS") cacheMisses.inc();
        seconds.labels(kind).observe(Number(process.hrtime.bigint() - started) / 1e9);
      }
    });
    next();
  }

  /** A page answered by the fast path (server/index.js): one increment, nothing timed. */
  function countCached() {
    cachedRequests.inc();
    cacheHits.inc();
  }

  async function text() {
    await readMailQueue();
    return registry.metrics();
  }

  return { observe, countCached, text, contentType: registry.contentType };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Serves `GET /metrics` on a port of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 unless
 * told otherwise): never through the site's port, so never public behind the proxy.
 */
export function serveMetrics(metrics: Metrics, { port, host }: { port: number; host: string }) {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    metrics.text().then(
      (body) => res.writeHead(200, { "Content-Type": metrics.contentType }).end(body),
      (error) => {
        logger.error({ err: error }, "metrics: could not collect");
        res.writeHead(500).end();
      },
    );
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(port, host, () => {
      const bound = (server.address() as AddressInfo).port;
      logger.info({ port: bound, host }, "metrics on /metrics");
      resolve(bound);
    }),
  );
  return {
    /** The port it listens on (METRICS_PORT, or the one given for 0). */
    port: listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
