import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { compressResponses } from "./compress-responses.js";

// A streamed page written as React Router writes it (wait for "drain" with `once`, then `off`),
// read by a slow client so the compressor pushes back many times.

let server: http.Server | undefined;
afterEach(() => server?.close());

/** Text that brotli cannot shrink much, so the compressor's buffer fills. */
const noise = (bytes: number) =>
  Array.from({ length: bytes / 8 }, () => Math.random().toString(36).slice(2, 10)).join("");

test("a long streamed page leaves no drain listener behind and triggers no leak warning", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on("warning", onWarning);
  let waits = 0;
  let leftOver = -1;
  const app = express();
  app.use(compressResponses());
  app.get("/page", async (_req, res) => {
    res.type("html");
    for (let i = 0; i < 64; i++) {
      if (!res.write(noise(64 * 1024))) {
        waits++;
        await new Promise<void>((resolve) => {
          const onDrain = () => {
            res.off("drain", onDrain);
            resolve();
          };
          res.once("drain", onDrain);
        });
      }
    }
    leftOver = res.listenerCount("drain");
    res.end();
  });
  server = app.listen(0);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  const received = await new Promise<number>((resolve, reject) => {
    const request = http.get(
      { port, path: "/page", headers: { "accept-encoding": "br" } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          response.pause(); // a slow reader
          setTimeout(() => response.resume(), 1);
        });
        response.on("end", () => resolve(bytes));
      },
    );
    request.on("error", reject);
  });
  process.off("warning", onWarning);

  expect(received).toBeGreaterThan(0);
  expect(waits).toBeGreaterThan(10); // enough waits that the old way warned
  expect(warnings).not.toContain("MaxListenersExceededWarning");
  expect(leftOver).toBe(1); // only the response's own listener
});
