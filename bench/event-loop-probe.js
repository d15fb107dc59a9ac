// Loaded into the bench server with `node --import` (bench/busy-day.js): every second, the main
// thread's event-loop delay over that second (perf_hooks.monitorEventLoopDelay, 10 ms resolution)
// and the garbage collector's pauses in it by kind (a PerformanceObserver of "gc" entries: minor =
// the young generation's scavenges, major = mark-compact), as one JSON line appended to
// EVENT_LOOP_LOG. Nothing of the app changes.
import { appendFileSync } from "node:fs";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak",
};

const file = process.env.EVENT_LOOP_LOG;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  /** This second's GC: count and milliseconds per kind. */
  let gc = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[entry.detail?.kind] ?? "other";
      gc[kind] ??= { count: 0, ms: 0 };
      const seen = gc[kind];
      seen.count++;
      seen.ms += entry.duration;
    }
  }).observe({ entryTypes: ["gc"] });
  setInterval(() => {
    appendFileSync(
      file,
      `${JSON.stringify({
        at: Date.now(),
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        gc,
      })}\n`,
    );
    histogram.reset();
    gc = {};
  }, 1000).unref();
}
