import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, constants } from "node:zlib";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { compressResponses } from "./compress-responses.js";
import { writeReadableStreamToWritable } from "./request-handler";

// A page streamed as React writes it (many 4 KB chunks at once, then a late part), through the
// response compressor: the compressor is flushed per turn, not per chunk (docs/decisions/080).

let server: http.Server | undefined;
afterEach(() => server?.close());

const chunk = (i: number) => new TextEncoder().encode(`<p>فقرة ${i} ${"نص ".repeat(1000)}</p>`);

test("a streamed page's chunks share a flush, and a late part still arrives before the end", async () => {
  let flushes = 0;
  let lateSeenBeforeEnd = false;
  let sendLate: () => void = () => {};
  const app = express();
  app.use(compressResponses());
  app.get("/page", async (_req, res) => {
    const flush = (res as unknown as { flush: () => void }).flush;
    (res as unknown as { flush: () => void }).flush = function () {
      flushes++;
      flush.call(this);
    };
    res.type("html");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 60; i++) controller.enqueue(chunk(i));
        sendLate = () => {
          controller.enqueue(new TextEncoder().encode("<p>متأخر</p>"));
          // The end comes only once the reader has the late part.
          setTimeout(() => controller.close(), 300);
        };
      },
    });
    await writeReadableStreamToWritable(stream, res);
  });
  server = app.listen(0);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  const body = await new Promise<Buffer>((resolve, reject) => {
    http
      .get({ port, path: "/page", headers: { "accept-encoding": "br" } }, (response) => {
        const parts: Buffer[] = [];
        let asked = false;
        response.on("data", (part: Buffer) => {
          parts.push(part);
          const text = safeDecompress(Buffer.concat(parts));
          if (!asked && text.includes("فقرة 59")) {
            asked = true;
            sendLate();
          }
          if (text.includes("متأخر")) lateSeenBeforeEnd = true;
        });
        response.on("end", () => resolve(Buffer.concat(parts)));
      })
      .on("error", reject);
  });

  const text = brotliDecompressSync(body).toString("utf8");
  expect(text).toContain("فقرة 0 ");
  expect(text).toContain("فقرة 59 ");
  expect(lateSeenBeforeEnd).toBe(true);
  // 60 chunks written at once, then a late one: a flush per turn (each wait for the compressor
  // to drain is one), not one per chunk (61).
  expect(flushes).toBeGreaterThanOrEqual(2);
  expect(flushes).toBeLessThan(30);
});

/** What a brotli stream cut anywhere decodes to so far (flushed blocks decode). */
function safeDecompress(partial: Buffer): string {
  try {
    return brotliDecompressSync(partial, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    }).toString("utf8");
  } catch {
    return "";
  }
}
