import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { createPageCache } from "./page-cache";

const SECRET = "page-cache-test-secret-0123456789abcdef";
const cache = createPageCache({ secret: SECRET });
/** A cookie value signed as better-auth signs its session cookie. */
const signed = (value: string) =>
  encodeURIComponent(`${value}.${createHmac("sha256", SECRET).update(value).digest("base64")}`);
let renders = 0;
let nonceCounter = 0;
const app = express();
app.use((_req, res, next) => {
  res.locals.cspNonce = `nonce${++nonceCounter}`;
  next();
});
app.use(cache.middleware);
app.get("/set-cookie", (_req, res) => {
  res.cookie("x", "1").type("html").send("personal");
});
app.get("/{*path}", (_req, res) => {
  renders++;
  res.status(200).type("html");
  res.write(`<script nonce="${res.locals.cspNonce}">`);
  res.end(`render ${renders}</script>`);
});
const server = app.listen(0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { accept: "text/html", ...headers } });

test("a signed-out page is rendered once, then served from the cache with a fresh nonce", async () => {
  const first = await get("/about");
  expect(first.headers.get("x-cache")).toBe("MISS");
  const firstBody = await first.text();
  const second = await get("/about");
  expect(second.headers.get("x-cache")).toBe("HIT");
  const secondBody = await second.text();
  expect(secondBody).toContain("render 1");
  expect(secondBody).not.toBe(firstBody);
  expect(secondBody).toMatch(/<script nonce="nonce\d+">render 1/);
  expect(renders).toBe(1);
});

test("a change clears the cache", async () => {
  await get("/news");
  cache.invalidate();
  const after = await get("/news");
  expect(after.headers.get("x-cache")).toBe("MISS");
});

test("personal requests and responses are never cached", async () => {
  await get("/about");
  const before = renders;
  const personal = await get("/about", { cookie: `better-auth.session_token=${signed("abc")}` });
  expect(personal.headers.get("x-cache")).toBeNull();
  await get("/admin/dashboard");
  await get("/set-cookie");
  expect((await get("/set-cookie")).headers.get("x-cache")).toBe("MISS");
  expect(renders).toBe(before + 2);
});

test("a cookie that only looks like a session does not skip the cache", async () => {
  await get("/services");
  const before = renders;
  for (const cookie of [
    "better-auth.session_token=x",
    "my_session_token=x",
    `better-auth.session_token=${signed("abc")}x`,
    "rifq_toast=forged.value",
  ]) {
    expect((await get("/services", { cookie })).headers.get("x-cache")).toBe("HIT");
  }
  expect(renders).toBe(before);
});
