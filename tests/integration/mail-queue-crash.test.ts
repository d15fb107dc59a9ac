import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { createPgliteHandle, createPostgresHandle, type DatabaseHandle } from "~/utils/db.server";
import { mailQueue, newsletterCampaigns, newsletterSubscribers } from "../../database/schema";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

/**
 * The queue's promise, proven with real processes (docs/decisions/051): a worker killed with
 * SIGKILL in the middle of a campaign, restarted, leaves every subscriber with exactly one
 * message; two workers on one PostgreSQL send each message once between them.
 */

const sink = await startSmtpSink();
const folders: string[] = [];
afterAll(async () => {
  await sink.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The PostgreSQL server of the run (TEST_DATABASE_URL), or the one answering on 5432. */
async function postgresServer(): Promise<string | null> {
  const candidates = [process.env.TEST_DATABASE_URL, "postgres://postgres@127.0.0.1:5432/postgres"];
  for (const url of candidates) {
    if (!url) continue;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => {});
    }
  }
  return null;
}

interface Target {
  env: Record<string, string>;
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-crash-"));
  folders.push(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    open: () => createPgliteHandle(new PGlite(path.join(dataDir, "db"))),
    drop: async () => {},
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `rifq_crash_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-crash-"));
  folders.push(dataDir);
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => createPostgresHandle(url.toString()),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Subscribers and a campaign due now, written straight into the target database. */
async function prepare(target: Target, count: number) {
  const handle = target.open();
  await handle.migrate();
  const emails = Array.from({ length: count }, (_, i) => `reader${i}@example.test`);
  await handle.db.insert(newsletterSubscribers).values(
    emails.map((email) => ({
      email,
      token: randomBytes(24).toString("base64url"),
      confirmedAt: new Date(),
    })),
  );
  await handle.db.insert(newsletterCampaigns).values({
    subject: "نشرة الاختبار",
    bodyHtml: "<p>مرحباً</p>",
    status: "scheduled",
    sendAt: new Date(Date.now() - 1000),
  });
  await handle.close();
  return emails;
}

function startWorker(target: Target, name: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/mail-worker.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-that-is-long-enough-0123456789",
      SMTP_URL: sink.url,
      MAIL_TEST_WORKER: name,
      ...target.env,
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: string | null; output: string }>(
    (resolve) => child.on("exit", (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

const countsBy = (messages: SmtpSink["messages"]) => {
  const counts = new Map<string, number>();
  for (const message of messages) {
    for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
};

async function queueStatuses(target: Target) {
  const handle = target.open();
  try {
    const rows = await handle.db.select().from(mailQueue);
    const [campaign] = await handle.db.select().from(newsletterCampaigns);
    return { rows, campaign };
  } finally {
    await handle.close();
  }
}

/**
 * The worker is killed while the SMTP server holds its seventh message (taken in full, the
 * reply not yet sent): the worst moment, when the row says "sending" and the message has gone.
 */
async function killAndResume(target: Target) {
  const emails = await prepare(target, 20);
  sink.messages.length = 0;
  let killed: ChildProcess | null = null;
  let seen = 0;
  const first = startWorker(target, "first", { MAIL_TEST_BATCH: "5" });
  sink.answer = async () => {
    if (++seen === 7 && !killed) {
      killed = first.child;
      first.child.kill("SIGKILL");
      await first.exited;
    }
    return { accept: true };
  };
  const ended = await first.exited;
  expect(ended.signal, ended.output).toBe("SIGKILL");
  const midway = sink.messages.length;
  expect(midway).toBeGreaterThanOrEqual(6);
  expect(midway).toBeLessThan(20);

  const second = startWorker(target, "second", { MAIL_TEST_BATCH: "5" });
  const resumed = await second.exited;
  expect(resumed.code, resumed.output).toBe(0);

  const received = countsBy(sink.messages);
  for (const email of emails) expect(received.get(email) ?? 0, email).toBe(1);
  expect(sink.messages).toHaveLength(20);
  const { rows, campaign } = await queueStatuses(target);
  // The message in flight at the kill is "uncertain" (not sent again); every other one "sent".
  expect(rows.filter((row) => row.status === "uncertain")).toHaveLength(1);
  expect(rows.filter((row) => row.status === "sent")).toHaveLength(19);
  expect(campaign.status).toBe("sent");
  await target.drop();
}

describe("a worker killed mid-send", () => {
  test("on PGlite (a data folder), the restarted worker sends nobody a second copy", async () => {
    await killAndResume(pgliteTarget());
  }, 120_000);

  test("on PostgreSQL, the same", async (context) => {
    const server = await postgresServer();
    if (!server) return context.skip();
    await killAndResume(await postgresTarget(server));
  }, 120_000);
});

describe("several workers on one PostgreSQL", () => {
  test("two processes send each message once between them", async (context) => {
    const server = await postgresServer();
    if (!server) return context.skip();
    const target = await postgresTarget(server);
    const emails = await prepare(target, 40);
    sink.messages.length = 0;
    // A provider that takes a moment per message, so that both workers are busy at once.
    sink.answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { accept: true };
    };
    const one = startWorker(target, "one", { MAIL_TEST_BATCH: "4", MAIL_TEST_LEASE_MS: "60000" });
    const two = startWorker(target, "two", { MAIL_TEST_BATCH: "4", MAIL_TEST_LEASE_MS: "60000" });
    const results = await Promise.all([one.exited, two.exited]);
    for (const result of results) expect(result.code, result.output).toBe(0);
    const received = countsBy(sink.messages);
    for (const email of emails) expect(received.get(email) ?? 0, email).toBe(1);
    const { rows } = await queueStatuses(target);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    const byWorker = new Set(rows.map((row) => row.claimedBy));
    expect(byWorker).toEqual(new Set(["one", "two"]));
    await target.drop();
  }, 120_000);
});
