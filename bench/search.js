// `npm run bench:search`: `/search` on the 10,000-post bench site (bench/seed-many-posts.ts: real
// Arabic text in every post, the database analyzed), rendered one request at a time. Prints the
// median and p95 of each of ~20 real queries, the median of all, the server's CPU per search and
// the load average. Figures only.
//   MANY_POSTS=10000  SEARCH_ROUNDS=10

import { freePort, loadAverage } from "./measure.js";
import { cpuMs, request, run, startServer } from "./server.js";

const COUNT = Number(process.env.MANY_POSTS ?? 10_000);
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 10);

/** What readers type: common and rare words, with and without hamza, «ة»/«ه», prefixes, digits. */
export const QUERIES = [
  "الزيارات المنزلية",
  "الزيارات المنزليه",
  "زيارات",
  "كبار السن",
  "لكبار السن",
  "تبرع",
  "تبرعات",
  "مؤسسة",
  "موسسه",
  "الإسعافات الأولية",
  "الاسعافات الاوليه",
  "متطوع",
  "والمتطوعين",
  "الخبر",
  "رأس تنورة",
  "ملتقى الأجيال",
  "الخط العربي",
  "رمضان",
  "خبر الجمعية رقم 5000",
  "١٢٣",
  "العلاج الطبيعي",
  "كلمة غير موجودة",
];

/** Each request from its own address (loopback is a trusted proxy): 60 searches a minute each. */
let client = 0;
const nextClient = () => {
  client++;
  return `10.9.${(client >> 8) & 255}.${client & 255}`;
};

async function timeQuery(url, query) {
  const address = `${url}/search?q=${encodeURIComponent(query)}`;
  const times = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    const started = performance.now();
    const answer = await request(address, {
      headers: { accept: "text/html", "accept-encoding": "gzip", "x-forwarded-for": nextClient() },
    });
    if (answer.status !== 200) throw new Error(`${address} answered ${answer.status}`);
    if (i >= 2) times.push(performance.now() - started); // the first ones warm up
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { median: at(0.5), p95: at(0.95), times };
}

export async function benchSearch({ port } = {}) {
  const server = await startServer({
    port: port ?? (await freePort()),
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-many-posts.ts"], {
        DATA_DIR: dataDir,
        MANY_POSTS: String(COUNT),
      }),
  });
  try {
    const loadBefore = loadAverage();
    const cpuBefore = await cpuMs(server.pid);
    const all = [];
    console.log(
      `/search on ${COUNT.toLocaleString("en")} posts, one request at a time, ${ROUNDS} rounds each ` +
        `(${new Date().toISOString().slice(0, 16)}Z, load ${loadBefore.toFixed(2)} at the start)`,
    );
    for (const query of QUERIES) {
      const { median, p95, times } = await timeQuery(server.url, query);
      all.push(...times);
      console.log(`  «${query}»: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    }
    const cpuPerSearch = ((await cpuMs(server.pid)) - cpuBefore) / (QUERIES.length * (ROUNDS + 2));
    all.sort((a, b) => a - b);
    const median = all[Math.floor(all.length / 2)];
    const p95 = all[Math.floor(all.length * 0.95)];
    console.log(
      `all queries: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `${cpuPerSearch.toFixed(1)} ms server CPU per search, load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)}`,
    );
    return { median, p95, cpuPerSearch };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearch();
