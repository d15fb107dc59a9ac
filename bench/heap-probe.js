// Loaded into the bench server with `node --expose-gc --import` (bench/built-forms.js): on SIGUSR2
// it runs V8's full garbage collection and appends one JSON line to HEAP_LOG with what is then
// still held (V8's heap, memory outside it, the process's RSS). Garbage is what a streamed
// response leaves until V8 chooses to collect it; what survives a full collection is what the
// server keeps. Nothing of the app changes.
import { appendFileSync } from "node:fs";

const file = process.env.HEAP_LOG;
if (file && typeof globalThis.gc === "function") {
  process.on("SIGUSR2", () => {
    globalThis.gc();
    globalThis.gc();
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), heapUsed, external, arrayBuffers, rss })}\n`,
    );
  });
}
