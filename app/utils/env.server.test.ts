import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { parseEnv } from "./env.server";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "rifq-env-"));

test("defaults give the embedded mode and a secret kept in DATA_DIR", () => {
  const dir = tmp();
  const env = parseEnv({ DATA_DIR: dir });
  expect(env.PORT).toBe(3000);
  expect(env.HOST).toBe("0.0.0.0");
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.AUTH_SECRET).toBe(readFileSync(path.join(dir, "auth-secret"), "utf8"));
  expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
});

test("each bad value gets its own clear message", () => {
  expect(() =>
    parseEnv({ DATA_DIR: tmp(), PORT: "abc", DATABASE_URL: "mysql://x", SITE_URL: "not a url" }),
  ).toThrowError(
    /PORT: PORT must be a whole number[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres[\s\S]*SITE_URL: SITE_URL must be a full URL/,
  );
  expect(() => parseEnv({ DATABASE_URL: "postgres://localhost/rifq" })).toThrowError(
    /AUTH_SECRET is required when DATABASE_URL is set/,
  );
});
