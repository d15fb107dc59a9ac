// The site with 2,000 documents (bench/seed-documents.ts): how long /governance, one category's
// later page and the staff documents list take to render, one request at a time, past the page
// cache (docs/decisions/048). Figures only. `npm run bench:documents`
import { createHmac } from "node:crypto";
import { ADMIN_ENV, request, run, signInAdmin, startServer } from "./server.js";

const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const COUNT = Number(process.env.MANY_DOCUMENTS ?? 2_000);
const ROUNDS = Number(process.env.MANY_DOCUMENTS_ROUNDS ?? 30);

/** A session cookie signed with the server's secret (no such session): skips the page cache. */
const signedOut = () => {
  const value = "bench-session-token";
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
};

async function timeRenders(url, cookie) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const started = performance.now();
    const response = await request(url, {
      headers: { accept: "text/html", "accept-encoding": "gzip", cookie },
    });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    bytes = response.body.length;
    if (i >= 3) times.push(performance.now() - started); // the first ones warm up
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms (${Math.round(bytes / 1024)} KB gzip)`;
}

export async function benchManyDocuments({ port = Number(process.env.BENCH_PORT ?? 3987) } = {}) {
  const server = await startServer({
    port,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-documents.ts"], {
        DATA_DIR: dataDir,
        MANY_DOCUMENTS: String(COUNT),
      }),
  });
  try {
    const admin = await signInAdmin(server.url);
    const figures = {
      // A page with no list, rendered the same way: what the machine's load costs any render.
      "/about (no list, for comparison)": await timeRenders(`${server.url}/about`, signedOut()),
      "/governance": await timeRenders(`${server.url}/governance`, signedOut()),
      "/governance?category=reports&page=20": await timeRenders(
        `${server.url}/governance?category=reports&page=20`,
        signedOut(),
      ),
      "staff documents list": await timeRenders(`${server.url}/admin/dashboard/documents`, admin),
      "staff documents list, searched, page 5": await timeRenders(
        `${server.url}/admin/dashboard/documents?q=${encodeURIComponent("التقرير")}&page=5`,
        admin,
      ),
    };
    console.log(
      `${COUNT.toLocaleString("en")} documents, rendered one at a time: ` +
        Object.entries(figures)
          .map(([page, figure]) => `${page} ${figure}`)
          .join(" | "),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchManyDocuments();
