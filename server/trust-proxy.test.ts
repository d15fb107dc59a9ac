import type { AddressInfo } from "node:net";
import express from "express";
import { expect, test } from "vitest";
import { trustProxySetting } from "./trust-proxy";

/** The client address Express reports for a request from 127.0.0.1 with `forwardedFor`. */
async function clientAddress(setting: string | undefined, forwardedFor: string) {
  const app = express();
  app.set("trust proxy", trustProxySetting(setting));
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "x-forwarded-for": forwardedFor },
    });
    return await response.text();
  } finally {
    server.close();
  }
}

test("unset trusts only a proxy on this machine", async () => {
  expect(trustProxySetting(undefined)).toBe("loopback");
  expect(await clientAddress(undefined, "203.0.113.7")).toBe("203.0.113.7");
});

test("a hop count takes that many proxies' word, and no more", async () => {
  expect(trustProxySetting("1")).toBe(1);
  // A client that sends its own X-Forwarded-For cannot hide behind it: the proxy's entry wins.
  expect(await clientAddress("1", "198.51.100.1, 203.0.113.7")).toBe("203.0.113.7");
  expect(await clientAddress("2", "198.51.100.1, 203.0.113.7")).toBe("198.51.100.1");
});

test("an address list trusts only those proxies", async () => {
  expect(await clientAddress("10.0.0.0/8", "203.0.113.7")).toBe("127.0.0.1");
  expect(await clientAddress("10.0.0.0/8, 127.0.0.1", "203.0.113.7")).toBe("203.0.113.7");
});
