import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { createShutdownGuard, STOPPING_MESSAGE } from "./shutdown-guard.js";

const guard = createShutdownGuard();
const app = express();
app.use(guard.middleware);
app.get("/", (_req, res) => {
  res.send("page");
});
const server = app.listen(0, "127.0.0.1");
afterAll(() => server.close());
const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

test("requests are served until stopping begins, then answered 503 in Arabic", async () => {
  expect(await (await fetch(url())).text()).toBe("page");
  guard.begin();
  const response = await fetch(url());
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(await response.text()).toBe(STOPPING_MESSAGE);
});
