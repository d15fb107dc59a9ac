// `npm run bench:search`: `/search` on the 10,000-post bench site (bench/seed-many-posts.ts: real
// Arabic text in every post, the database analyzed), rendered one request at a time. Prints the
// median and p95 and the server's CPU per search of each of ~20 real queries, of each kind of
// query and of all, and the load average. Figures only.
//   MANY_POSTS=10000  SEARCH_ROUNDS=10

import { freePort, loadAverage } from "./measure.js";
import { cpuMs, request, run, startServer } from "./server.js";

const COUNT = Number(process.env.MANY_POSTS ?? 10_000);
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 10);

/**
 * What readers type, by kind: a word in many posts, several words, a word in every title (the
 * bench's titles are «خبر الجمعية رقم …»), a rare word, none, and prefixed or misspelled forms.
 */
export const QUERIES = [
  ["multi-word", "الزيارات المنزلية"],
  ["spelling", "الزيارات المنزليه"],
  ["common", "زيارات"],
  ["multi-word", "كبار السن"],
  ["prefix", "لكبار السن"],
  ["common", "تبرع"],
  ["common", "تبرعات"],
  ["common", "مؤسسة"],
  ["spelling", "موسسه"],
  ["multi-word", "الإسعافات الأولية"],
  ["spelling", "الاسعافات الاوليه"],
  ["prefix", "متطوع"],
  ["prefix", "والمتطوعين"],
  ["every title", "الخبر"],
  ["multi-word", "رأس تنورة"],
  ["multi-word", "ملتقى الأجيال"],
  ["multi-word", "الخط العربي"],
  ["common", "رمضان"],
  ["rare", "خبر الجمعية رقم 5000"],
  ["rare", "١٢٣"],
  ["rare", "5000"],
  ["multi-word", "العلاج الطبيعي"],
  ["none", "كلمة غير موجودة"],
];

/** Each request from its own address (loopback is a trusted proxy): 60 searches a minute each. */
let client = 0;
const nextClient = () => {
  client++;
  return `10.9.${(client >> 8) & 255}.${client & 255}`;
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** Two warm-up requests, then ROUNDS timed ones: their wall times and the server's CPU per one. */
async function timeQuery(server, query) {
  const address = `${server.url}/search?q=${encodeURIComponent(query)}`;
  const ask = async () => {
    const started = performance.now();
    const answer = await request(address, {
      headers: { accept: "text/html", "accept-encoding": "gzip", "x-forwarded-for": nextClient() },
    });
    if (answer.status !== 200) throw new Error(`${address} answered ${answer.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 2; i++) await ask();
  const cpuBefore = await cpuMs(server.pid);
  const times = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await ask());
  const cpu = ((await cpuMs(server.pid)) - cpuBefore) / ROUNDS;
  return { times: times.sort((a, b) => a - b), cpu };
}

const figures = (times, cpu) =>
  `median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, ` +
  `${cpu.toFixed(1)} ms server CPU per search`;

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
    console.log(
      `/search on ${COUNT.toLocaleString("en")} posts, one request at a time, ${ROUNDS} rounds each ` +
        `(${new Date().toISOString().slice(0, 16)}Z, load ${loadBefore.toFixed(2)} at the start)`,
    );
    const byKind = new Map();
    for (const [kind, query] of QUERIES) {
      const { times, cpu } = await timeQuery(server, query);
      const group = byKind.get(kind) ?? { times: [], cpu: [] };
      group.times.push(...times);
      group.cpu.push(cpu);
      byKind.set(kind, group);
      console.log(`  ${kind} «${query}»: ${figures(times, cpu)}`);
    }
    const average = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    for (const [kind, group] of byKind) {
      console.log(
        `${kind}: ${figures(
          group.times.sort((a, b) => a - b),
          average(group.cpu),
        )}`,
      );
    }
    const all = [...byKind.values()].flatMap((group) => group.times).sort((a, b) => a - b);
    const cpuPerSearch = average([...byKind.values()].flatMap((group) => group.cpu));
    console.log(
      `all queries: ${figures(all, cpuPerSearch)}, load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)}`,
    );
    return { median: percentile(all, 0.5), p95: percentile(all, 0.95), cpuPerSearch };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearch();
