import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { BUSY_MESSAGE, createRenderLimit } from "./render-limit";

// Renders here finish when the test says so (`finish`), never on a timer: what is asserted is
// who renders while others wait, whatever the machine's speed.
const limit = createRenderLimit({ concurrency: 2, maxWaiting: 3 });
const rendering = new Map<number, () => void>();
const started: number[] = [];
const app = express();
app.use(limit);
app.get("/render/:n", (req, res) => {
  const n = Number(req.params.n);
  started.push(n);
  rendering.set(n, () => res.type("text/plain").send(`page ${n}`));
});
app.post("/send/:n", (req, res) => {
  const n = Number(req.params.n);
  started.push(n);
  rendering.set(n, () => res.redirect(303, `/render/${n}`));
});
const server = app.listen(0, "127.0.0.1");
const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => server.close());

const get = (n: number, signal?: AbortSignal) =>
  fetch(`${base()}/render/${n}`, { signal }).then(async (response) => ({
    status: response.status,
    text: await response.text(),
    retryAfter: response.headers.get("retry-after"),
  }));

/** Waits until the limiter holds `running` renders and `waiting` requests. */
const settled = (running: number, waiting: number) =>
  expect.poll(() => [limit.running, limit.waiting]).toEqual([running, waiting]);

function finish(n: number) {
  rendering.get(n)?.();
  rendering.delete(n);
}

test("no more than `concurrency` render at once; the others wait their turn, in order", async () => {
  started.length = 0;
  const answers = [];
  for (const [index, n] of [1, 2, 3, 4, 5].entries()) {
    answers.push(get(n));
    await settled(Math.min(index + 1, 2), Math.max(index - 1, 0));
  }
  expect(started).toEqual([1, 2]);
  finish(1);
  await settled(2, 2);
  expect(started).toEqual([1, 2, 3]);
  for (const n of [2, 3, 4, 5]) {
    await expect.poll(() => rendering.has(n)).toBe(true);
    finish(n);
  }
  const done = await Promise.all(answers);
  expect(done.map((answer) => answer.text)).toEqual([1, 2, 3, 4, 5].map((n) => `page ${n}`));
  expect(started).toEqual([1, 2, 3, 4, 5]);
  await settled(0, 0);
});

test("past the waiting room's size the answer is 503 in Arabic, at once", async () => {
  const answers = [];
  for (const [index, n] of [1, 2, 3, 4, 5].entries()) {
    answers.push(get(n));
    await settled(Math.min(index + 1, 2), Math.max(index - 1, 0));
  }
  const refused = await get(6);
  expect(refused).toEqual({ status: 503, text: BUSY_MESSAGE, retryAfter: "5" });
  for (const n of [1, 2, 3, 4, 5]) {
    await expect.poll(() => rendering.has(n)).toBe(true);
    finish(n);
  }
  expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([
    200, 200, 200, 200, 200,
  ]);
  await settled(0, 0);
});

test("a visitor who leaves while waiting gives the turn to the next one", async () => {
  started.length = 0;
  const first = [get(1), get(2)];
  await settled(2, 0);
  const leaving = new AbortController();
  const left = get(3, leaving.signal).catch(() => null);
  await settled(2, 1);
  const next = get(4);
  await settled(2, 2);
  leaving.abort();
  await settled(2, 1); // the one who left is out of the line
  finish(1);
  await expect.poll(() => rendering.has(4)).toBe(true);
  finish(2);
  finish(4);
  await Promise.all([...first, left, next]);
  expect(started).toEqual([1, 2, 4]);
  await settled(0, 0);
});

test("a response that never ends gives up its turn after the hold limit", async () => {
  const stalling = createRenderLimit({ concurrency: 1, holdLimitMs: 100 });
  const stalled = express()
    .use(stalling)
    .get("/stall", (_req, res) => {
      res.write("the first bytes, then nothing"); // never ends: a visitor who stopped reading
    })
    .get("/next", (_req, res) => {
      res.send("served");
    })
    .listen(0, "127.0.0.1");
  await new Promise((resolve) => stalled.once("listening", resolve));
  const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
  const leaving = new AbortController();
  const stuck = fetch(`${url}/stall`, { signal: leaving.signal });
  await new Promise((resolve) => setTimeout(resolve, 20));
  // With one turn, held by a response that never ends, only the hold limit lets this through.
  expect(await (await fetch(`${url}/next`)).text()).toBe("served");
  leaving.abort();
  await stuck.catch(() => null);
  stalled.closeAllConnections();
  stalled.close();
});

test("a burst of form sends never holds a reader's page back, nor reading a send", async () => {
  started.length = 0;
  const send = (n: number) =>
    fetch(`${base()}/send/${n}`, { method: "POST", redirect: "manual" }).then((r) => r.status);
  // Two sends take the sends' turns, three wait; a page read starts at once beside them.
  const sends = [];
  for (const [index, n] of [11, 12, 13, 14, 15].entries()) {
    sends.push(send(n));
    await settled(Math.min(index + 1, 2), Math.max(index - 1, 0));
  }
  const reads = [get(1), get(2)];
  await settled(4, 3);
  expect(started).toEqual([11, 12, 1, 2]);
  // A third read waits for a read's turn, not behind the sends that came before it.
  const third = get(3);
  await settled(4, 4);
  finish(1);
  await expect.poll(() => rendering.has(3)).toBe(true);
  expect(started).toEqual([11, 12, 1, 2, 3]);
  for (const n of [2, 3]) finish(n);
  expect((await Promise.all([...reads, third])).map((answer) => answer.text)).toEqual([
    "page 1",
    "page 2",
    "page 3",
  ]);
  for (const n of [11, 12, 13, 14, 15]) {
    await expect.poll(() => rendering.has(n)).toBe(true);
    finish(n);
  }
  expect(await Promise.all(sends)).toEqual([303, 303, 303, 303, 303]);
  await settled(0, 0);
});
