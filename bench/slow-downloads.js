// Issue 35, item 8: 50 readers download a 19 MB document slowly at once (a phone on a weak
// line), against the built server; the server must stream it, not hold a copy per reader.
// Prints the server's peak RSS growth over its idle RSS (target ≤ 20 MB), its CPU and the load
// average. Figures only. `npm run bench:downloads` (after `npm run build`).
//
// Each reader takes about 64 KB every SLOW_READ_INTERVAL ms, so none finishes in the window.

import http from "node:http";
import { loadAverage, treeCpuMs } from "./measure.js";
import { request, rssMb, run, startServer } from "./server.js";

const READERS = Number(process.env.SLOW_READERS ?? 50);
const SIZE_MB = Number(process.env.SLOW_DOCUMENT_MB ?? 19);
const WINDOW_MS = Number(process.env.SLOW_WINDOW_MS ?? 20_000);
const INTERVAL_MS = Number(process.env.SLOW_READ_INTERVAL ?? 250);
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** A reader that takes what arrives, then waits before asking for more; answers its bytes so far. */
function slowReader(url) {
  let received = 0;
  let response;
  const req = http.get(url, { agent }, (res) => {
    response = res;
    res.on("data", (chunk) => {
      received += chunk.length;
      res.pause();
      setTimeout(() => res.resume(), INTERVAL_MS);
    });
    res.on("error", () => {});
  });
  req.on("error", () => {});
  return {
    status: () => response?.statusCode,
    received: () => received,
    stop: () => req.destroy(),
  };
}

export async function benchSlowDownloads({ port = Number(process.env.BENCH_PORT ?? 3989) } = {}) {
  const server = await startServer({
    port,
    seed: false,
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-documents.ts"], {
        DATA_DIR: dataDir,
        MANY_DOCUMENTS: "2", // the first is hidden (every tenth is)
        BENCH_PDF_MB: String(SIZE_MB),
      }),
  });
  try {
    const page = await request(`${server.url}/governance`);
    const href = page.body
      .toString("utf8")
      .match(/\/documents\/[0-9a-f-]{36}\/[0-9a-f]{16}\.pdf/)?.[0];
    if (!href) throw new Error("no document link on /governance");
    // One whole download first, so the code it runs is loaded before the idle figure.
    const whole = await request(`${server.url}${href}`);
    if (whole.status !== 200) throw new Error(`the download answered ${whole.status}`);
    const sizeMb = whole.body.length / 1024 / 1024;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = await rssMb(server.pid);
    const cpuBefore = treeCpuMs(server.pid);
    const loadBefore = loadAverage();
    const readers = Array.from({ length: READERS }, () => slowReader(`${server.url}${href}`));
    let peak = idle;
    const started = Date.now();
    while (Date.now() - started < WINDOW_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      peak = Math.max(peak, await rssMb(server.pid));
    }
    const cpu = treeCpuMs(server.pid) - cpuBefore;
    const statuses = new Set(readers.map((reader) => reader.status()));
    const receivedMb = readers.reduce((sum, reader) => sum + reader.received(), 0) / 1024 / 1024;
    for (const reader of readers) reader.stop();
    const figure = {
      readers: READERS,
      documentMb: Number(sizeMb.toFixed(1)),
      idleRssMb: Number(idle.toFixed(1)),
      peakRssMb: Number(peak.toFixed(1)),
      growthMb: Number((peak - idle).toFixed(1)),
      serverCpuMs: Math.round(cpu),
      receivedMb: Number(receivedMb.toFixed(1)),
      load: `${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)}`,
    };
    console.log(
      `${READERS} slow readers of a ${figure.documentMb} MB document for ${WINDOW_MS / 1000} s ` +
        `(${new Date().toISOString().slice(0, 16)}Z, statuses ${[...statuses].join(",")}): ` +
        `RSS ${figure.idleRssMb} → peak ${figure.peakRssMb} MB (+${figure.growthMb} MB), ` +
        `server CPU ${figure.serverCpuMs} ms, ${figure.receivedMb} MB sent, load ${figure.load}`,
    );
    return figure;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSlowDownloads();
