import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { REQUEST_TOO_LARGE } from "~/utils/form-data.server";
import { bodyLimitFor, LARGEST_BODY_BYTES } from "./body-limits";

// The shipped nginx site (deploy/nginx/rifq.conf) agrees with the app: it lets through every
// body a route accepts and no more, and its own 413 says what the app's says.

const site = readFileSync("deploy/nginx/rifq.conf", "utf8");
const directive = (name: string) =>
  [...site.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, "gm"))].map((match) => match[1]);

describe("deploy/nginx/rifq.conf", () => {
  test("client_max_body_size is the largest body a route accepts, in bytes", () => {
    expect(directive("client_max_body_size")).toEqual([String(LARGEST_BODY_BYTES)]);
    // The largest is a built form's answer (20 MB of files in all and long texts, twice over).
    expect(bodyLimitFor("/forms/home-visit", "multipart/form-data").maxBytes).toBe(
      LARGEST_BODY_BYTES,
    );
  });

  test("nginx's own 413 answers the app's Arabic message", () => {
    expect(directive("error_page")).toEqual(["413 /rifq-413"]);
    expect(directive("return")).toContain(`413 "${REQUEST_TOO_LARGE}"`);
  });

  test("nginx neither compresses nor adds headers the app already sends", () => {
    expect(directive("gzip")).toEqual(["off"]);
    expect(directive("add_header")).toEqual([]);
    expect(directive("brotli")).toEqual([]);
  });

  test("the visitor's own address replaces any X-Forwarded-For it sent", () => {
    expect(directive("proxy_set_header")).toContain("X-Forwarded-For $remote_addr");
    expect(site).not.toContain("$proxy_add_x_forwarded_for");
  });

  test("live streams are not buffered", () => {
    const realtime = site.slice(site.indexOf("location = /realtime"));
    expect(realtime.slice(0, realtime.indexOf("}"))).toMatch(/proxy_buffering off;/);
  });
});
