// `npm run bench:lighthouse-wordpress`: Lighthouse 12 mobile on Rifq's four pages and on the same
// four pages of a plain WordPress (bench/wordpress/setup.sh, run once as root), in one run, on the
// same machine and Chromium (issue 28, item 6). The runs are interleaved — in each round, each
// page of Rifq then WordPress's, the order swapped every other round — so both sites meet the same
// load; each page prints its load average at its first and last run. Figures only.
//   WORDPRESS_URL=http://127.0.0.1:8090   where setup.sh serves WordPress
//   LIGHTHOUSE_RUNS=5                     rounds (runs of each page of each site)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { lighthouseRun } from "./lighthouse.js";
import { loadAverage, machine, median } from "./measure.js";
import { benchPages, startBenchSite } from "./site.js";

const WORDPRESS_URL = (process.env.WORDPRESS_URL ?? "http://127.0.0.1:8090").replace(/\/$/, "");
const ROUNDS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGE_NAMES = ["/", "news", "a post", "donate"];

/** WordPress's pages matching Rifq's: front page, news (the posts page), its newest post, donate. */
async function wordpressPages() {
  const answer = await fetch(`${WORDPRESS_URL}/news/`).catch(() => null);
  if (!answer?.ok) {
    throw new Error(
      `no WordPress at ${WORDPRESS_URL}/news/: run \`sudo bash bench/wordpress/setup.sh\` first`,
    );
  }
  const html = await answer.text();
  const post = html.match(/class="wp-block-post-title"><a href="([^"]+)"/)?.[1];
  if (!post) throw new Error("WordPress's news page lists no post");
  const pages = ["/", "/news/", new URL(post).pathname, "/donate/"];
  for (const page of pages) {
    const status = (await fetch(`${WORDPRESS_URL}${page}`, { redirect: "manual" })).status;
    if (status !== 200) throw new Error(`WordPress's ${page} answered ${status}`);
  }
  return {
    pages,
    version: html.match(/<meta name="generator" content="WordPress ([^"]+)"/)?.[1] ?? "?",
  };
}

const commandOutput = (command, args) =>
  spawnSync(command, args, { encoding: "utf8" }).stdout?.trim() || "?";

/** The figures of one page of one site: medians of the runs that got a page, and its loads. */
function summary(runs) {
  const loaded = runs.filter((run) => !run.error);
  // A median of an even count (a run got no page) may end in .5: kept for the score.
  const of = (key, round = Math.round) =>
    loaded.length ? round(median(loaded.map((run) => run[key]))) : "—";
  const tbts = loaded.map((run) => Math.round(run.tbt));
  const loads = runs.flatMap((run) => [run.loadBefore, run.loadAfter]);
  return {
    score: `${of("score", (value) => value)} (${runs.map((run) => (run.error ? "—" : run.score)).join(", ")})`,
    tbt: `${of("tbt")} ms (${tbts.length ? `${Math.min(...tbts)}–${Math.max(...tbts)}` : "—"})`,
    paint: `${of("fcp")} / ${of("lcp")} ms`,
    elements: of("domElements"),
    load:
      `${runs[0].loadBefore.toFixed(2)} → ${runs.at(-1).loadAfter.toFixed(2)} ` +
      `(${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)})`,
  };
}

const wordpress = await wordpressPages();
const rifq = await startBenchSite(Number(process.env.BENCH_PORT ?? 0));
try {
  const sites = [
    { name: "Rifq", url: rifq.url, pages: await benchPages(rifq.url) },
    { name: "WordPress", url: WORDPRESS_URL, pages: wordpress.pages },
  ];
  const lighthouseVersion = JSON.parse(
    readFileSync("node_modules/lighthouse/package.json", "utf8"),
  ).version;
  console.log(
    `Lighthouse beside WordPress ${machine()}\n` +
      `${commandOutput(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"])} · Lighthouse ${lighthouseVersion} mobile · ` +
      `WordPress ${wordpress.version} (PHP ${commandOutput("php", ["-r", "echo PHP_VERSION;"])}) at ${WORDPRESS_URL} · ` +
      `${ROUNDS} rounds · load average ${loadAverage().toFixed(2)}`,
  );
  // results[site][page]: that page's runs, in order.
  const results = sites.map(() => PAGE_NAMES.map(() => []));
  for (let round = 0; round < ROUNDS; round++) {
    for (let page = 0; page < PAGE_NAMES.length; page++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const site of order) {
        const loadBefore = loadAverage();
        const run = await lighthouseRun(`${sites[site].url}${encodeURI(sites[site].pages[page])}`);
        results[site][page].push({ ...run, loadBefore, loadAfter: loadAverage() });
        console.log(
          `round ${round + 1} ${sites[site].name.padEnd(9)} ${PAGE_NAMES[page].padEnd(6)} ` +
            `${run.error ?? `score ${run.score}, TBT ${Math.round(run.tbt)} ms, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms`} (load ${loadBefore.toFixed(2)})`,
        );
      }
    }
  }
  console.log(
    "\n| page | site | score, median (runs) | TBT median (min–max) | FCP / LCP median | elements | load first → last run (range) |\n" +
      "| --- | --- | --- | --- | --- | --- | --- |",
  );
  for (let page = 0; page < PAGE_NAMES.length; page++) {
    for (let site = 0; site < sites.length; site++) {
      const r = summary(results[site][page]);
      console.log(
        `| ${sites[site].name === "Rifq" ? PAGE_NAMES[page] : ""} | ${sites[site].name} \`${sites[site].pages[page]}\` | ` +
          `${r.score} | ${r.tbt} | ${r.paint} | ${r.elements} | ${r.load} |`,
      );
    }
  }
  console.log("");
  // Per site, the issue's target: a median of 5 ≥ 98 and a median TBT ≤ 100 ms on each page.
  for (let site = 0; site < sites.length; site++) {
    const all = results[site].flat().filter((run) => !run.error);
    const met = results[site].filter((runs) => {
      const loaded = runs.filter((run) => !run.error);
      return (
        loaded.length > 0 &&
        median(loaded.map((run) => run.score)) >= 98 &&
        median(loaded.map((run) => run.tbt)) <= 100
      );
    }).length;
    console.log(
      `${sites[site].name}: ${all.length} runs with a page, score median ${median(all.map((run) => run.score))} ` +
        `(min ${Math.min(...all.map((run) => run.score))}), TBT median ${Math.round(median(all.map((run) => run.tbt)))} ms ` +
        `(max ${Math.round(Math.max(...all.map((run) => run.tbt)))}); pages with median ≥ 98 and TBT ≤ 100 ms: ${met} of ${PAGE_NAMES.length}`,
    );
  }
  console.log(`load average at the end ${loadAverage().toFixed(2)}`);
} finally {
  rifq.stop();
}
