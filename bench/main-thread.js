// What a cold load of each page costs Chromium's main thread, from a performance trace: CPU time
// (the trace's thread time, which the machine's load inflates far less than wall time) by kind,
// the DOM's size, and the wall time spent waiting on font look-ups (synchronous requests to the
// browser's font service), and the style, layout and longest task after the first paint (the
// stylesheet and fonts held back as a phone's network would). Median of 5 loads at phone size;
// figures only (docs/decisions/061).
import { launchChromium, loadAverage, median } from "./measure.js";

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "loading",
  "v8.execute",
  "toplevel",
  "fonts",
];
const KINDS = {
  style: ["UpdateLayoutTree"],
  layout: ["Layout"],
  parse: ["ParseHTML", "ParseAuthorStyleSheet"],
  paint: ["PrePaint", "Paint"],
  script: ["EvaluateScript", "FunctionCall"],
};
/**
 * On a phone's network the stylesheet and the fonts arrive after the first paint, and the work
 * they cause is what Lighthouse counts as blocking; from this machine's own server they often
 * arrive before it. So they are held back this long (ms) after the server answers them.
 */
const ASSET_DELAY = Number(process.env.BENCH_ASSET_DELAY ?? 300);

const FONT_LOOKUPS = ["FontCache::GetFontPlatformData", "FontCache::FallbackFontForCharacter"];

/**
 * The complete events of the main thread that parsed and laid out the page (a trace also holds
 * other renderers, such as the blank page the context opened first, which do neither).
 */
function mainThreadEvents(events) {
  const work = new Map();
  for (const e of events) {
    if (e.name !== "ParseHTML" && e.name !== "Layout") continue;
    const thread = `${e.pid}:${e.tid}`;
    work.set(thread, (work.get(thread) ?? 0) + e.dur);
  }
  const main = [...work].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error("no page parsed in the trace");
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X");
}

/**
 * The time of the page's first contentful paint in the trace (µs), or undefined: Lighthouse counts
 * blocking time only from there, so the work after it is what the score sees.
 */
function firstPaintTime(events) {
  const paints = events.filter((e) => e.name === "firstContentfulPaint").map((e) => e.ts);
  return paints.length ? Math.max(...paints) : undefined;
}

/** One cold load of `url`: CPU ms by kind, font look-up wall ms, elements and SVG nodes. */
async function traceLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    locale: "ar-SA",
  });
  try {
    const page = await context.newPage();
    await page.route(/\/assets\/[^?]+\.(css|woff2)$/, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, ASSET_DELAY));
      await route.fulfill({ response });
    });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(2000);
    const allEvents = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const events = mainThreadEvents(allEvents);
    const fcp = firstPaintTime(allEvents) ?? Number.POSITIVE_INFINITY;
    const cpuMs = (names, from = Number.NEGATIVE_INFINITY) =>
      events
        .filter((e) => names.includes(e.name) && e.ts >= from)
        .reduce((sum, e) => sum + (e.tdur ?? e.dur), 0) / 1000;
    const wallMs = (names) =>
      events.filter((e) => names.includes(e.name)).reduce((sum, e) => sum + e.dur, 0) / 1000;
    // The longest task: Lighthouse counts what a task lasts past 12.5 ms (×4, past 50 ms) as blocking.
    const longest = events
      .filter((e) => e.name === "RunTask")
      .reduce((max, e) => (e.dur > (max?.dur ?? 0) ? e : max), null);
    // The tasks that run after the first paint, clipped to it: what total blocking time counts.
    const afterPaint = events
      .filter((e) => e.name === "RunTask" && e.ts + e.dur > fcp)
      .map((e) => (e.ts + e.dur - Math.max(e.ts, fcp)) / 1000);
    const figures = {
      cpu: cpuMs(["RunTask"]),
      styleAfterPaint: cpuMs(KINDS.style, fcp),
      layoutAfterPaint: cpuMs(KINDS.layout, fcp),
      longestAfterPaint: Math.max(0, ...afterPaint),
      blockingAfterPaint: afterPaint.reduce((sum, ms) => sum + Math.max(0, ms - 12.5), 0),
      longestWall: (longest?.dur ?? 0) / 1000,
      longestCpu: (longest?.tdur ?? longest?.dur ?? 0) / 1000,
      fontWait: wallMs(FONT_LOOKUPS),
      ...(await page.evaluate(() => ({
        elements: document.getElementsByTagName("*").length,
        svgNodes: document.querySelectorAll("svg, svg *").length,
      }))),
    };
    for (const [kind, names] of Object.entries(KINDS)) figures[kind] = cpuMs(names);
    return figures;
  } finally {
    await context.close();
  }
}

/** The bench module: one line a page. */
export async function mainThread({ url, pages }) {
  const browser = await launchChromium();
  try {
    for (const pathname of pages) {
      const loadBefore = loadAverage();
      const runs = [];
      for (let i = 0; i < 5; i++)
        runs.push(await traceLoad(browser, `${url}${encodeURI(pathname)}`));
      const of = (key) => median(runs.map((run) => run[key]));
      console.log(
        `${pathname}: ${of("elements")} elements (${of("svgNodes")} SVG nodes) | main-thread CPU ` +
          `${of("cpu").toFixed(1)} ms: style ${of("style").toFixed(1)}, layout ${of("layout").toFixed(1)}, ` +
          `parse ${of("parse").toFixed(1)}, paint ${of("paint").toFixed(1)}, script ${of("script").toFixed(1)} | ` +
          `longest task ${of("longestWall").toFixed(1)} ms wall (${of("longestCpu").toFixed(1)} CPU) | ` +
          `after first paint: style ${of("styleAfterPaint").toFixed(1)}, layout ` +
          `${of("layoutAfterPaint").toFixed(1)} ms CPU, longest task ${of("longestAfterPaint").toFixed(1)} ms ` +
          `wall, beyond 12.5 ms ${of("blockingAfterPaint").toFixed(1)} ms | ` +
          `waiting on font look-ups ${of("fontWait").toFixed(1)} ms (wall) | median of 5 | ` +
          `load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)}`,
      );
    }
  } finally {
    await browser.close();
  }
}
