// Lighthouse 12 mobile performance (its default: Moto G Power, slow 4G, 4× CPU slowdown) of each
// page, in Debian's Chromium; the median of `runs` scores. Figures only, nothing passes or fails.
import * as chromeLauncher from "chrome-launcher";
import runLighthouse from "lighthouse";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `{ score, fcp, lcp, tbt, cls }` medians of `runs` cold mobile loads of `url`. */
export async function lighthouseMobile(url, runs = 3) {
  const results = [];
  for (let i = 0; i < runs; i++) {
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
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
      });
    } finally {
      await chrome.kill();
    }
  }
  const of = (key) => median(results.map((r) => r[key]));
  return {
    score: of("score"),
    scores: results.map((r) => r.score),
    fcp: of("fcp"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    cls: of("cls"),
  };
}

/** The bench module: the median of three runs a page. */
export async function lighthouse({ url, pages }) {
  for (const pathname of pages) {
    const r = await lighthouseMobile(`${url}${encodeURI(pathname)}`, 3);
    console.log(
      `${pathname}: Lighthouse 12 mobile performance ${r.score} (runs ${r.scores.join(", ")}) | ` +
        `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, ` +
        `CLS ${r.cls.toFixed(3)}`,
    );
  }
}
