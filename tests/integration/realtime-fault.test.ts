import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { savePageText } from "~/models/page-content.server";
import { createPostgresHandle, db, getDatabaseHandle, installDatabase } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { createHealthCheck } from "../../server/health";
import { createPageCache } from "../../server/page-cache";
import { createRealtimeHub } from "../../server/realtime";
import { createUser } from "../support/accounts";
import { expectLog } from "../support/logs";
import { readingUntil } from "../support/read-until";
import { type EventStream, openEventStream } from "../support/sse";

// A PostgreSQL server can restart or end our connections; the process must live on, say so on
// /readyz, listen again and make open pages catch up (docs/decisions/016-resilient-realtime.md).
// Needs a real server: TEST_DATABASE_URL.

describe.skipIf(!process.env.TEST_DATABASE_URL)("when the LISTEN connection is killed", () => {
  const pageCache = createPageCache({ secret: getEnv().AUTH_SECRET, listsAt: () => [] });
  let hub: ReturnType<typeof createRealtimeHub>;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let base = "";
  let stream: EventStream;
  let rendered = 0;

  beforeAll(async () => {
    hub = createRealtimeHub({ onChange: pageCache.invalidate });
    const health = createHealthCheck({ isListening: () => hub.listening, mailMaxAgeMs: 60_000 });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(8).toString("hex");
      next();
    });
    app.get("/readyz", health.ready);
    app.get("/realtime", hub.handle);
    app.use(pageCache.middleware);
    app.get("/", (_req, res) => {
      res.type("html").send(`<p>رسم رقم ${++rendered}</p>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await hub.ready;
    stream = await openEventStream(`${base}/realtime`);
  });

  afterAll(async () => {
    await stream?.close();
    await hub?.close();
    server?.close();
  });

  const health = async () => {
    const response = await fetch(`${base}/readyz`);
    return { status: response.status, body: await response.json() };
  };
  const page = () => fetch(`${base}/`, { headers: { accept: "text/html" } });

  async function listenBackends(): Promise<number[]> {
    const result = await db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`,
    );
    return result.rows.map((row) => row.pid);
  }

  /** Reads until a change shows, every 20 ms, for at most 10 s. */
  const pollUntil = readingUntil(10_000, 20);

  test("the process lives, reports degraded, listens again and open pages re-sync", async () => {
    expectLog("logger.warn", /realtime LISTEN connection lost|ready: degraded/);
    expect(await health()).toEqual({ status: 200, body: { status: "ok" } });
    await page();
    expect((await page()).headers.get("x-cache")).toBe("HIT");
    const [listener] = await listenBackends();
    expect(listener).toBeGreaterThan(0);

    await db.execute(sql`select pg_terminate_backend(${listener})`);

    expect(await pollUntil(health, (h) => h.status === 503)).toEqual({
      status: 503,
      body: { status: "degraded", reason: "realtime listener not connected" },
    });
    expect(await pollUntil(health, (h) => h.status === 200)).toEqual({
      status: 200,
      body: { status: "ok" },
    });
    expect(await stream.waitFor((event) => event.event === "resync")).toEqual({
      event: "resync",
      data: {},
    });
    // Changes may have been missed meanwhile: the cached page was dropped.
    const fresh = await page();
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(await fresh.text()).toContain("رسم رقم 2");
    const [newListener] = await listenBackends();
    expect(newListener).not.toBe(listener);

    // A page text saved after the reconnect reaches the open stream within 5 s.
    const admin = await createUser("admin");
    const heardFrom = stream.events.length;
    await savePageText(admin, {
      pagePath: "/",
      contentKey: "hero-title",
      value: "نص بعد إعادة الاتصال",
      contentType: "text",
    });
    expect(
      await stream.waitFor((event) => event.event === "message", {
        from: heardFrom,
        timeoutMs: 5_000,
      }),
    ).toEqual({
      event: "message",
      // With its new value (docs/decisions/026).
      data: {
        table: "page_content",
        page_path: "/",
        key: "hero-title",
        block: { value: "نص بعد إعادة الاتصال", type: "text", updatedAt: expect.any(String) },
      },
    });
  });

  test("a database that does not answer makes /readyz degraded until it is back", async () => {
    expectLog("logger.warn", /ready: degraded/);
    const real = getDatabaseHandle();
    // A port that nothing listens on: every connection is refused, like a stopped server.
    const closed = await new Promise<number>((resolve) => {
      const probe = express().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const away = createPostgresHandle(`postgres://postgres@127.0.0.1:${closed}/postgres`);
    installDatabase(away);
    try {
      expect(await health()).toEqual({
        status: 503,
        body: { status: "degraded", reason: "database unreachable" },
      });
    } finally {
      installDatabase(real);
      await away.close();
    }
    expect(await health()).toEqual({ status: 200, body: { status: "ok" } });
  });
});
