// `npm run bench:live`: N open reader pages and an admin who saves page texts. The pages are held
// (signed out, no app: decisions 033 and 055): SSE clients that do what app/reading-boot does — a
// text that comes with its value is applied from the event; any other change that concerns the
// page brings the app, whose files they download (counted). Beside them, a few real Chromium
// pages, measured from the save's response to the DOM showing the value. Prints, per N, first
// and later changes' p50/p95/p99, bytes per page per change, the server's CPU per save, its peak
// memory and the load average. Figures only.
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { launchChromium, loadAverage } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, signInAdmin, startServer } from "./server.js";

const SIZES = (process.env.LIVE_CLIENTS ?? "200,1000,2000").split(",").map(Number);
const SAVES = Number(process.env.LIVE_SAVES ?? 6);
const SETTLE_MS = 5_000;
/** Real Chromium pages beside the SSE clients (0: none). */
const BROWSER_PAGES = Number(process.env.LIVE_BROWSER_PAGES ?? 4);
const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
/** Where the open pages are: most on the home page, some elsewhere (they must not react). */
const PAGES = ["/", "/", "/", "/about", "/donate"];
/** What is saved, in turn: a home-page text, then a layout text every page shows. */
const TARGETS = [
  { pagePath: "/", contentKey: "hero-title", contentType: "text" },
  { pagePath: "@layout", contentKey: "footer-about", contentType: "html" },
];

// The page's rules (app/shared/live-event.ts `concerns`): its own and the layout's texts concern
// it; a text comes with its value (app/reading-boot/apply-text.ts); anything else that concerns it
// brings the app once (its files, as a held page's template lists them), then is re-read as
// React Router does.
const pagePathOf = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
const concerns = (event, pathname) =>
  event.table === "page_content"
    ? event.page_path === pagePathOf(pathname) || event.page_path === "@layout"
    : event.table === "site_settings";
const carriesValue = (event) => event.table === "page_content" && "block" in event;
const dataUrl = (pathname) => `${pathname === "/" ? "/_root" : pathname}.data`;

/** The files a held page's app is made of: the template's module preloads and scripts. */
export async function appFilesOf(url, pathname) {
  const page = await request(`${url}${pathname}`, { headers: { "accept-encoding": "br" } });
  const html = (await import("node:zlib")).brotliDecompressSync(page.body).toString("utf8");
  const template = html.slice(html.indexOf('<template id="rifq-app"'));
  return [...template.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
}

/**
 * An open held page: listens on /realtime, applies a text from the event or brings its app (then
 * re-reads), and reports when it is up to date with the bytes it took (the event's included).
 */
export function openPage(url, pathname, appFiles, onUpToDate) {
  let hasApp = false;
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
          const eventBytes = Buffer.byteLength(frame) + 2;
          if (carriesValue(event)) {
            onUpToDate({ received, upToDate: received, ok: true, bytes: eventBytes });
            continue;
          }
          const files = hasApp ? [] : appFiles;
          hasApp = true;
          Promise.all(
            [...files, dataUrl(pathname)].map((file) =>
              request(`${url}${file}`, { headers: { "accept-encoding": "gzip, br" } }),
            ),
          )
            .then((answers) =>
              onUpToDate({
                received,
                upToDate: performance.now(),
                ok: answers.every((r) => r.status === 200),
                bytes: eventBytes + answers.reduce((sum, r) => sum + r.body.length, 0),
              }),
            )
            .catch(() =>
              onUpToDate({ received, upToDate: performance.now(), ok: false, bytes: eventBytes }),
            );
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
  let sample = null;
  try {
    const cookie = await signInAdmin(server.url);
    let current = null; // the save being measured
    const pages = Array.from({ length: size }, (_, i) => PAGES[i % PAGES.length]);
    const appFiles = {};
    for (const pathname of new Set(PAGES))
      appFiles[pathname] = await appFilesOf(server.url, pathname);
    for (const [i, pathname] of pages.entries()) {
      sockets.push(
        await openPage(server.url, pathname, appFiles[pathname], (report) =>
          current?.reports.push({ i, ...report }),
        ),
      );
    }
    sample = await openBrowserPages(server.url);
    const received = [];
    const upToDate = { first: [], later: [] };
    const bytes = [];
    const browserShown = { first: [], later: [] };
    /** The pages that have had a change already. */
    const changed = new Set();
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
      const shown = sample.shownAfter(target, value, savedAt);
      versions[key] = readSavedVersion(response.body);
      const deadline = Date.now() + SETTLE_MS;
      while (current.reports.length < expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200)); // late re-reads' CPU counts too
      cpu.push((await cpuMs(server.pid)) - cpuBefore);
      // A page's first change is the first save that concerns it (the layout's text: every page).
      const which = save === 0 ? "first" : "later"; // the Chromium pages are on "/"
      for (const report of current.reports) {
        received.push(Math.max(0, report.received - savedAt));
        upToDate[changed.has(report.i) ? "later" : "first"].push(
          Math.max(0, report.upToDate - savedAt),
        );
        changed.add(report.i);
        bytes.push(report.bytes);
        if (!report.ok) errors++;
      }
      browserShown[which].push(...(await shown));
      expectedTotal += expected;
      reportedTotal += current.reports.length;
      current = null;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const missing = expectedTotal - reportedTotal;
    const meanBytes = bytes.reduce((a, b) => a + b, 0) / Math.max(1, bytes.length);
    console.log(
      `${String(size).padStart(5)} held pages: event received ${spread(received)}\n` +
        `        up to date, first change ${spread(upToDate.first)} | later ${spread(upToDate.later)}\n` +
        `        Chromium (${BROWSER_PAGES} pages), first ${spread(browserShown.first)} | later ${spread(browserShown.later)}\n` +
        `        ${meanBytes.toFixed(0)} bytes per page per change (max ${Math.max(0, ...bytes)}) | ` +
        `server CPU per save ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(0)} ms | ` +
        `peak memory ${peakMb(server.pid).toFixed(0)} MB | ` +
        `${errors} re-read errors, ${missing} pages not updated`,
    );
    console.log(`        (load average ${loadAtStart.toFixed(2)} → ${loadAverage().toFixed(2)})`);
    return { size, received, upToDate, browserShown, bytes, cpu, errors, missing };
  } finally {
    for (const socket of sockets) socket.destroy();
    await sample?.close();
    await server.stop();
  }
}

/**
 * Real Chromium pages held signed out on "/", each timing, from the save's response, when its DOM
 * shows the saved value where the saved text shows.
 */
async function openBrowserPages(url) {
  if (BROWSER_PAGES === 0) return { shownAfter: async () => [], close: async () => {} };
  const browser = await launchChromium();
  const pages = [];
  for (let i = 0; i < BROWSER_PAGES; i++) {
    const page = await browser.newPage();
    const listening = page.waitForResponse((response) => response.url().endsWith("/realtime"));
    await page.goto(`${url}/`);
    await listening;
    pages.push(page);
  }
  return {
    /** Resolves with each page's milliseconds from `savedAt` (performance.now()) to the value. */
    shownAfter(target, value, savedAt) {
      const selector = `[data-block="${target.contentKey}"]`;
      const text = value.replace(/<[^>]+>/g, "");
      return Promise.all(
        pages.map(async (page) => {
          await page
            .waitForFunction(
              ([selector, text]) =>
                [...document.querySelectorAll(selector)].some((e) => e.textContent === text),
              [selector, text],
              { timeout: SETTLE_MS, polling: 10 },
            )
            .catch(() => null);
          return performance.now() - savedAt;
        }),
      );
    },
    close: () => browser.close(),
  };
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
