import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enqueueMail } from "~/models/mail-queue.server";
import { createPostgresHandle, getDatabaseHandle, installDatabase } from "~/utils/db.server";
import { createLocalStorage, createS3Storage } from "~/utils/storage.server";
import { createHealthCheck } from "../../server/health";
import { expectLog } from "../support/logs";

/**
 * /healthz (alive: answers without the database) and /readyz (database, storage, realtime
 * listener, mail queue age), docs/decisions/077.
 */

let storageFails = false;
let listening = true;
let base = "";
let server: ReturnType<ReturnType<typeof express>["listen"]>;
const folder = mkdtempSync(path.join(os.tmpdir(), "rifq-health-"));

beforeAll(async () => {
  const health = createHealthCheck({
    isListening: () => listening,
    mailMaxAgeMs: 10 * 60_000,
    probeStorage: async () => {
      if (storageFails) throw new Error("bucket away");
    },
  });
  const app = express();
  app.get("/healthz", health.alive);
  app.get("/readyz", health.ready);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const probe = async (name: "healthz" | "readyz") => {
  const response = await fetch(`${base}/${name}`);
  return { status: response.status, body: await response.json() };
};

describe("/healthz", () => {
  test("alive while the database is away (no database query)", async () => {
    expectLog("logger.warn", /ready: degraded/);
    const real = getDatabaseHandle();
    const away = createPostgresHandle("postgres://postgres@127.0.0.1:1/postgres");
    installDatabase(away);
    try {
      expect(await probe("healthz")).toEqual({ status: 200, body: { status: "ok" } });
      expect((await probe("readyz")).body).toEqual({
        status: "degraded",
        reason: "database unreachable",
      });
    } finally {
      installDatabase(real);
      await away.close();
    }
  });
});

describe("/readyz", () => {
  test("ready when the database, storage, listener and mail queue are fine", async () => {
    expect(await probe("readyz")).toEqual({ status: 200, body: { status: "ok" } });
  });

  test("storage that does not answer: not ready, with the reason", async () => {
    expectLog("logger.warn", /ready: degraded/);
    storageFails = true;
    try {
      expect(await probe("readyz")).toEqual({
        status: 503,
        body: { status: "degraded", reason: "storage unreachable" },
      });
    } finally {
      storageFails = false;
    }
    expect((await probe("readyz")).status).toBe(200);
  });

  test("the realtime listener lost: not ready", async () => {
    expectLog("logger.warn", /ready: degraded/);
    listening = false;
    try {
      expect((await probe("readyz")).body).toEqual({
        status: "degraded",
        reason: "realtime listener not connected",
      });
    } finally {
      listening = true;
    }
  });

  test("a due e-mail waiting longer than the threshold: not ready; a future one is not late", async () => {
    expectLog("logger.warn", /ready: degraded/);
    await enqueueMail({
      kind: "test",
      to: "later@example.test",
      subject: "لاحقاً",
      text: "غداً",
      sendAfter: new Date(Date.now() + 60 * 60_000),
    });
    expect((await probe("readyz")).status).toBe(200);
    await enqueueMail({
      kind: "test",
      to: "stuck@example.test",
      subject: "عالقة",
      text: "منذ ساعة",
      sendAfter: new Date(Date.now() - 60 * 60_000),
    });
    const { status, body } = await probe("readyz");
    expect(status).toBe(503);
    expect(body.reason).toMatch(/^mail queue stuck: the oldest due message has waited 6\d min$/);
  });
});

describe("Storage.probe", () => {
  test("local: a writable folder passes; a path that is a file fails", async () => {
    await expect(createLocalStorage(path.join(folder, "uploads")).probe()).resolves.toBeUndefined();
    const file = path.join(folder, "not-a-folder");
    writeFileSync(file, "x");
    await expect(createLocalStorage(file).probe()).rejects.toThrow();
  });

  test("S3: a server that does not answer fails", async () => {
    const storage = createS3Storage({
      bucket: "rifq",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:1",
      accessKeyId: "k",
      secretAccessKey: "s",
    });
    await expect(storage.probe()).rejects.toThrow();
  });
});
