// Loaded into the bench server with `node --import` (bench/busy-day.js): every second, the main
// thread's event-loop delay over that second (perf_hooks.monitorEventLoopDelay, 10 ms resolution)
// as one JSON line appended to EVENT_LOOP_LOG. Nothing of the app changes.
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.EVENT_LOOP_LOG;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    appendFileSync(
      file,
      `${JSON.stringify({
        at: Date.now(),
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      })}\n`,
    );
    histogram.reset();
  }, 1000).unref();
}
