// `npm run bench`: the built app on a fresh data folder with the demo content, measured by each
// benchmark module below in turn, for /, /media/news, the newest post and /donate. Figures only:
// nothing here passes or fails (the budgets are checked by tests/e2e/budget.e2e.ts).
//   BENCH_ONLY=first-visit,lighthouse  runs only the named modules
//   BENCH_SECONDS=10                   length of each load test
import { firstVisit } from "./first-visit.js";
import { lighthouse } from "./lighthouse.js";
import { mainThread } from "./main-thread.js";
import { benchManyPages } from "./many-pages.js";
import { benchManyPosts } from "./many-posts.js";
import { loadAverage, machine } from "./measure.js";
import { benchServerThroughput } from "./server-throughput.js";
import { benchPages, startBenchSite } from "./site.js";

/** Each module: `run({ url, pages })` prints its figures. Add a benchmark with one line here. */
const MODULES = [
  // Cached and rendered req/s at 50 connections, beside nginx serving the same bytes.
  { name: "server-throughput", run: () => benchServerThroughput() },
  { name: "first-visit", run: firstVisit },
  { name: "lighthouse", run: lighthouse },
  // A cold load's main-thread CPU by kind, DOM size and font look-ups, from a Chromium trace.
  { name: "main-thread", run: mainThread },
  // 10,000 posts: /media/news, a post and the staff list, rendered.
  { name: "many-posts", run: () => benchManyPosts() },
  // 500 pages built from blocks: a page, the sitemap and the staff list, rendered.
  { name: "many-pages", run: () => benchManyPages() },
];

const only = process.env.BENCH_ONLY?.split(",");
const site = await startBenchSite(Number(process.env.BENCH_PORT ?? 0));
try {
  const pages = await benchPages(site.url);
  console.log(`Rifq bench ${machine()}`);
  for (const module of MODULES) {
    if (only && !only.includes(module.name)) continue;
    console.log(`\n## ${module.name} (load average ${loadAverage().toFixed(2)})`);
    await module.run({ url: site.url, pages });
    console.log(`(load average after ${module.name}: ${loadAverage().toFixed(2)})`);
  }
} finally {
  site.stop();
}
