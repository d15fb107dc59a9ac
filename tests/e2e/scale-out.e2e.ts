import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openEventStream } from "../support/sse";
import {
  type AppProcess,
  adminDatabase,
  POSTGRES_SERVER,
  postgresAnswers,
  seedAccounts,
  startApp,
  stopApp,
} from "./support/app-processes";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";
import { ACCOUNTS, type AccountName } from "./support/fixtures";

// Two app processes on one PostgreSQL database, as behind a load balancer: a page text saved
// through one reaches the open pages and clears the page cache of the other, and a sign-out or a
// demotion on one applies at the next request on the other (LISTEN/NOTIFY).
// Needs the build and a PostgreSQL server on 127.0.0.1:5432 (skipped without one); no browser.

const available = await postgresAnswers();
const database = `rifq_scale_${randomBytes(5).toString("hex")}`;
const databaseUrl = `${POSTGRES_SERVER}/${database}`;
const shared = {
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  LOG_LEVEL: "error",
};

describe.skipIf(!available)("two processes on one PostgreSQL database", () => {
  let first: AppProcess;
  let second: AppProcess;

  beforeAll(async () => {
    await adminDatabase((client) => client.query(`create database ${database}`));
    seedAccounts(shared);
    [first, second] = await Promise.all([startApp(shared), startApp(shared)]);
  });

  afterAll(async () => {
    await Promise.all([stopApp(first), stopApp(second)]);
    if (available) {
      await adminDatabase((client) =>
        client.query(`drop database if exists ${database} with (force)`),
      );
    }
  });

  /** The home page as a signed-out visitor's browser gets it, read to its end. */
  async function home(app: AppProcess) {
    const response = await fetch(`${app.url}/`, { headers: { accept: "text/html" } });
    return { cache: response.headers.get("x-cache"), html: await response.text() };
  }

  /** Signs `account` in through `app`'s sign-in form and answers the session cookie. */
  async function signIn(app: AppProcess, account: AccountName = "admin"): Promise<string> {
    const response = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { origin: app.url },
      body: new URLSearchParams({
        intent: "sign-in",
        email: ACCOUNTS[account].email,
        password: ACCOUNTS[account].password,
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  test("a page text saved on one process reaches the other's open pages and page cache", async () => {
    expect((await home(second)).cache).toBe("MISS");
    const cached = await home(second);
    expect(cached.cache).toBe("HIT");
    expect(cached.html).toContain("رفقٌ بكبارنا");
    const stream = await openEventStream(`${second.url}/realtime`);

    const cookie = await signIn(first);
    const saved = await fetch(`${first.url}/api/page-content`, {
      method: "POST",
      headers: { cookie, origin: first.url },
      body: new URLSearchParams({
        intent: "save",
        pagePath: "/",
        contentKey: "hero-title",
        value: "رفق في كل مدينة",
        contentType: "text",
      }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ok: true, block: { value: "رفق في كل مدينة" } });

    // The other process's stream brings the new value itself (docs/decisions/026).
    expect(await stream.waitFor((event) => event.event === "message")).toEqual({
      event: "message",
      data: {
        table: "page_content",
        page_path: "/",
        key: "hero-title",
        block: { value: "رفق في كل مدينة", type: "text", updatedAt: expect.any(String) },
      },
    });
    await stream.close();
    const fresh = await home(second);
    expect(fresh.cache).toBe("MISS");
    expect(fresh.html).toContain("رفق في كل مدينة");
    expect(fresh.html).not.toContain("رفقٌ بكبارنا");
  });

  /** The volunteers' CSV, as the editor's browser asks `app` for it: 200 with the file, or not. */
  async function volunteersExport(app: AppProcess, cookie: string) {
    const response = await fetch(`${app.url}/admin/dashboard/volunteers/export`, {
      headers: { cookie },
      redirect: "manual",
    });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") };
  }

  /** Within the 200 ms the change must take to reach the other process (docs/decisions/038). */
  const shortly = () => new Promise((resolve) => setTimeout(resolve, 100));

  async function setEditorRole(cookie: string, role: "viewer" | "editor") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query("select id from users where email = $1", [
      ACCOUNTS.editor.email,
    ]);
    await client.end();
    const userId: string = rows[0].id;
    const changed = await fetch(`${first.url}/admin/dashboard/users`, {
      method: "POST",
      headers: { cookie, origin: first.url },
      body: new URLSearchParams({ userId, role }),
    });
    expect(changed.status).toBe(200);
  }

  test("an editor demoted on one process is refused at the next request on the other", async () => {
    // One browser, one session, its requests spread over both processes.
    const editor = await signIn(first, "editor");
    expect((await volunteersExport(second, editor)).status).toBe(200); // kept by the second now
    const admin = await signIn(first);
    await setEditorRole(admin, "viewer");
    try {
      await shortly();
      expect((await volunteersExport(second, editor)).status).toBe(403);
    } finally {
      await setEditorRole(admin, "editor");
    }
  });

  test("an editor signed out on one process is refused at the next request on the other", async () => {
    const editor = await signIn(first, "editor");
    expect((await volunteersExport(second, editor)).status).toBe(200);
    const signedOut = await fetch(`${first.url}/logout`, {
      method: "POST",
      headers: { cookie: editor, origin: first.url },
      body: new URLSearchParams({ from: "site" }),
      redirect: "manual",
    });
    expect(signedOut.status).toBe(302);
    await shortly();
    expect(await volunteersExport(second, editor)).toEqual({
      status: 302,
      location: `/login?redirectTo=${encodeURIComponent("/admin/dashboard/volunteers/export")}`,
    });
  });

  test("an open page catches up on a change its process missed while LISTEN was down", async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await openPage(browser, DESKTOP, second.url);
      const listening = page.waitForResponse((response) => response.url().endsWith("/realtime"));
      await page.goto("/");
      await listening;
      await page.evaluate(() => {
        (window as Window & { __marker?: string }).__marker = "same-page";
      });
      const stream = await openEventStream(`${second.url}/realtime`);

      // End every LISTEN connection on this database and keep the processes from listening again
      // (no new connection to it is allowed) until a text is saved: the processes cannot hear it.
      const writer = new pg.Client({ connectionString: databaseUrl });
      await writer.connect();
      const allowConnections = (allowed: boolean) =>
        adminDatabase((client) =>
          client.query(
            `alter database ${client.escapeIdentifier(database)} allow_connections ${allowed}`,
          ),
        );
      await allowConnections(false);
      try {
        await adminDatabase(async (client) => {
          await client.query(
            `select pg_terminate_backend(pid, 5000) from pg_stat_activity
             where datname = $1 and query like 'LISTEN%'`,
            [database],
          );
        });
        await writer.query(
          `insert into page_content (page_path, content_key, content_value) values ('/', 'hero-title', $1)
           on conflict (page_path, content_key)
           do update set content_value = excluded.content_value, updated_at = now()`,
          ["رفق بعد الانقطاع"],
        );
      } finally {
        await allowConnections(true);
        await writer.end();
      }

      // The process heard nothing of it, but tells its pages to re-sync once it listens again.
      await stream.waitFor((event) => event.event === "resync", { timeoutMs: 10_000 });
      await expect
        .poll(() => page.locator('h1[data-block="hero-title"]').textContent(), { timeout: 10_000 })
        .toBe("رفق بعد الانقطاع");
      expect(stream.events.filter((event) => event.event === "message")).toEqual([]);
      expect(await page.evaluate(() => (window as Window & { __marker?: string }).__marker)).toBe(
        "same-page",
      );
      expect(await fetch(`${second.url}/healthz`).then((r) => r.json())).toEqual({ status: "ok" });
      await stream.close();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
