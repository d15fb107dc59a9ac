// `npm run bench:live`: N open pages (SSE clients that behave as our pages do) and an admin who
// saves page texts. Prints, per N, the p50/p95/p99 of "event received" and "page up to date"
// (from the save's response), the server's CPU per save and its peak memory. Figures only.
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { loadAverage } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, signInAdmin, startServer } from "./server.js";

const SIZES = (process.env.LIVE_CLIENTS ?? "200,1000,2000").split(",").map(Number);
const SAVES = Number(process.env.LIVE_SAVES ?? 6);
const SETTLE_MS = 5_000;
const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
/** Where the open pages are: most on the home page, some elsewhere (they must not react). */
const PAGES = ["/", "/", "/", "/about", "/donate"];
/** What is saved, in turn: a home-page text, then a layout text every page shows. */
const TARGETS = [
  { pagePath: "/", contentKey: "hero-title", contentType: "text" },
  { pagePath: "@layout", contentKey: "footer-about", contentType: "html" },
];

// The page's rules (app/utils/live-updates.ts): its own and the layout's texts concern it; a
// text comes with its value; anything else that concerns it is re-read as React Router does.
const pagePathOf = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
const concerns = (event, pathname) =>
  event.table === "page_content"
    ? event.page_path === pagePathOf(pathname) || event.page_path === "@layout"
    : event.table === "site_settings";
const carriesValue = (event) => event.table === "page_content" && "block" in event;
const dataUrl = (pathname) => `${pathname === "/" ? "/_root" : pathname}.data`;

/** An open page: listens on /realtime, applies or re-reads, and reports when it is up to date. */
function openPage(url, pathname, onUpToDate) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/realtime`, { headers: { accept: "text/event-stream" } }, (res) => {
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          if (frame.includes(": connected")) resolve(req);
          const data = frame.split("\n").find((line) => line.startsWith("data: "));
          if (!data) continue;
          const event = JSON.parse(data.slice(6));
          const received = performance.now();
          if (!concerns(event, pathname)) continue;
          if (carriesValue(event)) onUpToDate({ received, upToDate: received, ok: true });
          else
            request(`${url}${dataUrl(pathname)}`, { headers: { "accept-encoding": "gzip, br" } })
              .then((r) =>
                onUpToDate({ received, upToDate: performance.now(), ok: r.status === 200 }),
              )
              .catch(() => onUpToDate({ received, upToDate: performance.now(), ok: false }));
        }
      });
    });
    req.on("error", reject);
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const spread = (values) =>
  `p50 ${percentile(values, 50).toFixed(0)} / p95 ${percentile(values, 95).toFixed(0)} / p99 ${percentile(values, 99).toFixed(0)} ms`;

const peakMb = (pid) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024;

async function benchSize(size, port) {
  const loadAtStart = loadAverage();
  const server = await startServer({
    port,
    seed: false,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
  });
  const sockets = [];
  try {
    const cookie = await signInAdmin(server.url);
    let current = null; // the save being measured
    const pages = Array.from({ length: size }, (_, i) => PAGES[i % PAGES.length]);
    for (const [i, pathname] of pages.entries()) {
      sockets.push(
        await openPage(server.url, pathname, (report) => current?.reports.push({ i, ...report })),
      );
    }
    const received = [];
    const upToDate = [];
    const cpu = [];
    let errors = 0;
    let expectedTotal = 0;
    let reportedTotal = 0;
    const versions = {};
    for (let save = 0; save < SAVES; save++) {
      const target = TARGETS[save % TARGETS.length];
      const expected = pages.filter((pathname) =>
        concerns({ table: "page_content", page_path: target.pagePath }, pathname),
      ).length;
      current = { reports: [] };
      const cpuBefore = await cpuMs(server.pid);
      const value =
        target.contentType === "html"
          ? `<p>نص التذييل، الحفظ رقم ${save}</p>`
          : `عنوان الصفحة، الحفظ رقم ${save}`;
      const key = `${target.pagePath}|${target.contentKey}`;
      const form = new URLSearchParams({
        intent: "save",
        pagePath: target.pagePath,
        contentKey: target.contentKey,
        contentType: target.contentType,
        value,
        ...(versions[key] ? { expectedUpdatedAt: versions[key] } : {}),
      });
      const response = await request(`${server.url}/api/page-content`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          accept: "application/json",
          cookie,
        },
        body: form.toString(),
      });
      const savedAt = performance.now();
      if (response.status !== 200) throw new Error(`save answered ${response.status}`);
      versions[key] = readSavedVersion(response.body);
      const deadline = Date.now() + SETTLE_MS;
      while (current.reports.length < expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200)); // late re-reads' CPU counts too
      cpu.push((await cpuMs(server.pid)) - cpuBefore);
      for (const report of current.reports) {
        received.push(Math.max(0, report.received - savedAt));
        upToDate.push(Math.max(0, report.upToDate - savedAt));
        if (!report.ok) errors++;
      }
      expectedTotal += expected;
      reportedTotal += current.reports.length;
      current = null;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const missing = expectedTotal - reportedTotal;
    console.log(
      `${String(size).padStart(5)} pages: event received ${spread(received)} | up to date ${spread(upToDate)} | ` +
        `server CPU per save ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(0)} ms | ` +
        `peak memory ${peakMb(server.pid).toFixed(0)} MB | ${errors} re-read errors, ${missing} pages not updated`,
    );
    console.log(`        (load average ${loadAtStart.toFixed(2)} → ${loadAverage().toFixed(2)})`);
    return { size, received, upToDate, cpu, errors, missing };
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

/** The stored version the save answered, for the next save's conflict check. */
function readSavedVersion(body) {
  const text = body.toString("utf8");
  return (
    text.match(/"updatedAt","?([0-9T:.Z-]{20,})/)?.[1] ??
    text.match(/(\d{4}-\d\d-\d\dT[\d:.]+Z)/)?.[1]
  );
}

export async function benchLive({ port = 3996 } = {}) {
  console.log(
    `Live: ${SAVES} page-text saves per size (a home-page text and a layout text in turn), ` +
      `pages on ${[...new Set(PAGES)].join(", ")}; node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}`,
  );
  const results = [];
  for (const size of SIZES) results.push(await benchSize(size, port));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLive();
  process.exit(0);
}
