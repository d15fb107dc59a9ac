// Lighthouse 12 mobile performance (its default: Moto G Power, slow 4G, 4× CPU slowdown) of each
// page, in Debian's Chromium; the median of `runs` scores. Figures only, nothing passes or fails.
// Blocking time grows with the machine's load (the trace is timed on it), so each page prints the
// load average beside it, and the DOM size and main-thread work, which depend less on it.
import * as chromeLauncher from "chrome-launcher";
import runLighthouse from "lighthouse";
import { loadAverage, median } from "./measure.js";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Milliseconds of main-thread work of one kind (×4: Lighthouse's simulated slow phone). */
const work = (lhr, group) =>
  lhr.audits["mainthread-work-breakdown"]?.details?.items?.find((item) => item.group === group)
    ?.duration ?? Number.NaN;

/**
 * One cold mobile load of `url` in a fresh Chromium: `{ score, fcp, lcp, tbt, cls, domElements,
 * styleLayout, parseHTML, error }` (`error`: Lighthouse's code when it got no page, score 0).
 */
export async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const { lhr } = await runLighthouse(url, {
      port: chrome.port,
      onlyCategories: ["performance"],
      logLevel: "error",
    });
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      domElements: audit("dom-size"),
      styleLayout: work(lhr, "styleLayout"),
      parseHTML: work(lhr, "parseHTML"),
      error: lhr.runtimeError?.code,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * `{ score, fcp, lcp, tbt, cls, domElements, styleLayout, parseHTML }` medians of `runs` cold
 * mobile loads of `url`.
 */
export async function lighthouseMobile(url, runs = 3) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseRun(url));
  const of = (key) => median(results.map((r) => r[key]));
  return {
    score: of("score"),
    scores: results.map((r) => r.score),
    fcp: of("fcp"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    cls: of("cls"),
    tbts: results.map((r) => Math.round(r.tbt)),
    domElements: of("domElements"),
    styleLayout: of("styleLayout"),
    parseHTML: of("parseHTML"),
  };
}

/** The bench module: the median of five runs a page (LIGHTHOUSE_RUNS), with the load average. */
export async function lighthouse({ url, pages }) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  for (const pathname of pages) {
    const loadBefore = loadAverage();
    const r = await lighthouseMobile(`${url}${encodeURI(pathname)}`, runs);
    console.log(
      `${pathname}: Lighthouse 12 mobile performance ${r.score} (runs ${r.scores.join(", ")}) | ` +
        `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms ` +
        `(runs ${r.tbts.join(", ")}), CLS ${r.cls.toFixed(3)} | ${r.domElements} elements, ` +
        `style+layout ${Math.round(r.styleLayout)} ms, HTML parsing ${Math.round(r.parseHTML)} ms ` +
        `(×4) | load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)}`,
    );
  }
}
