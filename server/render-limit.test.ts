import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { BUSY_MESSAGE, createRenderLimit } from "./render-limit";

const limit = createRenderLimit({ concurrency: 2, maxWaiting: 3 });
let inFlight = 0;
let mostInFlight = 0;
const order: number[] = [];
const app = express();
app.use(limit);
app.get("/render/:n", (req, res) => {
  inFlight++;
  mostInFlight = Math.max(mostInFlight, inFlight);
  order.push(Number(req.params.n));
  setTimeout(() => {
    inFlight--;
    res.type("text/plain").send(`page ${req.params.n}`);
  }, 40);
});
const server = app.listen(0, "127.0.0.1");
const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => server.close());

const get = (n: number, signal?: AbortSignal) => fetch(`${base()}/render/${n}`, { signal });
/** Sends the requests one after another (each on the wire before the next). */
async function sendInOrder(numbers: number[]) {
  const answers: Promise<Response>[] = [];
  for (const n of numbers) {
    answers.push(get(n));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Promise.all(answers);
}

test("no more than `concurrency` render at once; the others wait their turn, in order", async () => {
  mostInFlight = 0;
  order.length = 0;
  const answers = await sendInOrder([1, 2, 3, 4, 5]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(
    [1, 2, 3, 4, 5].map((n) => `page ${n}`),
  );
  expect(mostInFlight).toBe(2);
  expect(order).toEqual([1, 2, 3, 4, 5]);
  expect(limit.running).toBe(0);
  expect(limit.waiting).toBe(0);
});

test("past the waiting room's size the answer is 503 in Arabic, at once", async () => {
  const answers = await sendInOrder([1, 2, 3, 4, 5, 6, 7]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 503, 503]);
  expect(answers[5].headers.get("retry-after")).toBe("5");
  expect(await answers[6].text()).toBe(BUSY_MESSAGE);
});

test("a visitor who leaves while waiting gives the turn to the next one", async () => {
  order.length = 0;
  const first = [get(1), get(2)];
  await new Promise((resolve) => setTimeout(resolve, 10));
  const leaving = new AbortController();
  const left = get(3, leaving.signal).catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const next = get(4);
  leaving.abort();
  await Promise.all([...first, left, next]);
  expect(order).toEqual([1, 2, 4]);
  expect(limit.running).toBe(0);
});
