import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type CheckResult,
  checkDatabase,
  checkDataDir,
  checkNode,
  checkSiteUrl,
  checkSmtp,
  checkStorage,
  checkThroughProxy,
  type DoctorProbes,
  formatDoctorReport,
  serverProbes,
} from "~/services/doctor.server";
import { parseEnv } from "~/utils/env.server";
import { verifySmtp } from "~/utils/mailer.server";
import { createHealthCheck } from "../../server/health";
import { trustProxySetting } from "../../server/trust-proxy";
import { startSmtpSink } from "../support/smtp-sink";

/** `npm run doctor`'s checks, each seen passing and failing (docs/decisions/077). */

const folder = mkdtempSync(path.join(os.tmpdir(), "rifq-doctor-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const envOf = (values: Record<string, string>) => parseEnv({ DATA_DIR: folder, ...values });
const probes = (overrides: Partial<DoctorProbes> = {}): DoctorProbes => ({
  ...serverProbes(),
  ...overrides,
});
const fixOf = (result: CheckResult) => `${result.fix?.ar} ${result.fix?.en}`;

test("Node: 20.19 and newer pass, older fails with what to install", () => {
  expect(checkNode("20.20.2").ok).toBe(true);
  expect(checkNode("22.1.0").ok).toBe(true);
  const old = checkNode("18.19.0");
  expect(old.ok).toBe(false);
  expect(fixOf(old)).toContain("Node 20.19");
});

test("DATA_DIR: writable passes (nothing left), a file in its place fails", async () => {
  expect((await checkDataDir(path.join(folder, "data"))).ok).toBe(true);
  const file = path.join(folder, "a-file");
  writeFileSync(file, "x");
  const result = await checkDataDir(file);
  expect(result.ok).toBe(false);
  expect(result.title.ar).toContain("لا يمكن الكتابة");
});

describe("database", () => {
  const postgres = envOf({
    DATABASE_URL: "postgres://x@127.0.0.1:1/x",
    AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
  });
  test("answers with every migration applied: passes; embedded: passes with a note", async () => {
    const ok = probes({ pingDatabase: async () => true, pendingMigrations: async () => 0 });
    expect((await checkDatabase(postgres, ok)).ok).toBe(true);
    expect((await checkDatabase(envOf({}), ok)).title.en).toMatch(/Embedded database/);
  });
  test("away, or migrations pending: fails with what to do", async () => {
    const away = await checkDatabase(postgres, probes({ pingDatabase: async () => false }));
    expect(away.ok).toBe(false);
    expect(fixOf(away)).toContain("DATABASE_URL");
    const behind = await checkDatabase(
      postgres,
      probes({ pingDatabase: async () => true, pendingMigrations: async () => 2 }),
    );
    expect(behind.title.en).toBe("2 migrations pending");
    expect(fixOf(behind)).toContain("npm start");
  });
  test("the real count of pending migrations on the test database is 0", async () => {
    expect(await serverProbes().pendingMigrations()).toBe(0);
  });
});

describe("SMTP", () => {
  test("a server that answers EHLO passes and receives no message; a closed port fails", async () => {
    const sink = await startSmtpSink();
    try {
      const result = await checkSmtp(envOf({ SMTP_URL: sink.url }), probes({ verifySmtp }));
      expect(result).toMatchObject({ ok: true });
      expect(sink.messages).toHaveLength(0);
    } finally {
      await sink.close();
    }
    const closed = await checkSmtp(envOf({ SMTP_URL: "smtp://127.0.0.1:1" }), probes());
    expect(closed.ok).toBe(false);
    expect(fixOf(closed)).toContain("SMTP_URL");
  });
  test("unset: fails, mail would stay in the outbox", async () => {
    expect((await checkSmtp(envOf({}), probes())).title.en).toMatch(/outbox/);
  });
});

test("storage: reachable passes, a failing probe fails with what to check", async () => {
  expect((await checkStorage(envOf({}), probes({ probeStorage: async () => {} }))).ok).toBe(true);
  const s3 = envOf({ S3_BUCKET: "rifq", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" });
  const result = await checkStorage(
    s3,
    probes({
      probeStorage: async () => {
        throw new Error("NoSuchBucket");
      },
    }),
  );
  expect(result.ok).toBe(false);
  expect(fixOf(result)).toContain("S3_BUCKET");
});

test("SITE_URL: https passes; unset or http fails", () => {
  expect(checkSiteUrl(envOf({ SITE_URL: "https://rifq.org.sa" })).ok).toBe(true);
  expect(checkSiteUrl(envOf({})).ok).toBe(false);
  expect(checkSiteUrl(envOf({ SITE_URL: "http://rifq.org.sa" })).title.en).toMatch(/not https/);
});

describe("through the proxy", () => {
  // The app's /healthz behind a stand-in proxy that says what nginx would.
  let port = 0;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  beforeAll(async () => {
    const health = createHealthCheck({ isListening: () => true, mailMaxAgeMs: 60_000 });
    const app = express();
    app.set("trust proxy", trustProxySetting(undefined));
    app.get("/healthz", health.alive);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());

  /** A fetch that reaches the app as nginx would, with these forwarded headers. */
  const viaProxy =
    (headers: Record<string, string>): typeof fetch =>
    (_url, init) =>
      fetch(`http://127.0.0.1:${port}/healthz?seen`, { ...init, headers });
  const remote = async () => false;

  test("https and the client's address forwarded and trusted: every check passes", async () => {
    const results = await checkThroughProxy(
      envOf({ SITE_URL: "https://rifq.example" }),
      probes({
        fetch: viaProxy({ "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" }),
        isLoopbackHost: remote,
      }),
    );
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    expect(results[2]?.title.en).toContain("203.0.113.9");
  });

  test("no forwarded headers: the server sees http and the proxy's address", async () => {
    const results = await checkThroughProxy(
      envOf({ SITE_URL: "https://rifq.example" }),
      probes({ fetch: viaProxy({}), isLoopbackHost: remote }),
    );
    expect(results.map((result) => result.ok)).toEqual([true, false, false]);
    expect(fixOf(results[1] as CheckResult)).toContain("X-Forwarded-Proto");
    expect(fixOf(results[2] as CheckResult)).toContain("TRUST_PROXY");
  });

  test("the site does not answer: fails with what to check", async () => {
    const [result] = await checkThroughProxy(envOf({ SITE_URL: "https://127.0.0.1:1" }), probes());
    expect(result?.ok).toBe(false);
    expect(fixOf(result as CheckResult)).toContain("nginx");
  });
});

test("the report: ✓/✗ per check, the fix in both languages, the failures counted", () => {
  const report = formatDoctorReport([checkNode("20.20.0"), checkNode("18.0.0")]);
  expect(report).toContain("✓ إصدار Node");
  expect(report).toContain("✗ إصدار Node");
  expect(report).toContain("→ Install Node 20.19");
  expect(report).toContain("1 فحوص فشلت — 1 checks failed");
});
