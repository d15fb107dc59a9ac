import type { AddressInfo } from "node:net";
import express from "express";
import { expect, test } from "vitest";
import { createMetrics, routeKindOf, serveMetrics } from "./metrics";

const sources = {
  liveStreams: () => 3,
  cachedPages: () => 12,
  mailQueue: async () => ({ depth: 30, oldestDueAgeMs: 4_500 }),
  databasePool: () => ({ total: 4, idle: 3, waiting: 0 }),
};

test("route kinds are six, whatever the address", () => {
  expect(routeKindOf("/media/news", "HIT")).toBe("cached");
  expect(routeKindOf("/media/news", "MISS")).toBe("rendered");
  expect(routeKindOf("/admin/posts/new", undefined)).toBe("staff");
  expect(routeKindOf("/media/news.data", undefined)).toBe("api");
  expect(routeKindOf("/assets/root-abc123.js", undefined)).toBe("static");
  expect(routeKindOf("/readyz", undefined)).toBe("other");
});

test("/metrics on its own port: requests by kind, cache, streams, mail queue, pool, process", async () => {
  const metrics = createMetrics(sources);
  const app = express();
  app.use(metrics.observe);
  app.get("/page", (_req, res) => {
    res.setHeader("X-Cache", "MISS");
    res.send("rendered");
  });
  app.get("/admin", (_req, res) => res.send("staff"));
  const site = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => site.once("listening", resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await fetch(`${siteUrl}/page`).then((r) => r.text());
  await fetch(`${siteUrl}/admin`).then((r) => r.text());
  metrics.countCached();
  metrics.countCached();

  const served = serveMetrics(metrics, { port: 0, host: "127.0.0.1" });
  const port = await served.port;
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  expect(text).toContain('rifq_http_requests_total{kind="cached"} 2');
  expect(text).toContain('rifq_http_requests_total{kind="rendered"} 1');
  expect(text).toContain('rifq_http_requests_total{kind="staff"} 1');
  expect(text).toMatch(/rifq_http_request_duration_seconds_count\{kind="rendered"\} 1/);
  expect(text).toContain('rifq_page_cache_requests_total{result="hit"} 2');
  expect(text).toContain('rifq_page_cache_requests_total{result="miss"} 1');
  expect(text).toContain("rifq_live_streams 3");
  expect(text).toContain("rifq_mail_queue_depth 30");
  expect(text).toContain("rifq_mail_queue_oldest_due_seconds 4.5");
  expect(text).toContain('rifq_database_pool_connections{state="waiting"} 0');
  expect(text).toContain("rifq_process_cpu_seconds_total");
  expect(text).toContain("rifq_nodejs_heap_size_used_bytes");
  // Anything but GET /metrics is refused; the site's own port has no /metrics.
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  expect((await fetch(`${siteUrl}/metrics`)).status).toBe(404);
  await served.close();
  site.close();
});
