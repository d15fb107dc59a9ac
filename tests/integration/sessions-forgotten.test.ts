import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { forgetSessionReads, getActor } from "~/services/permissions.server";
import type { ChangeEvent } from "~/shared/live-event";
import { db } from "~/utils/db.server";
import { enableReadCache } from "~/utils/read-cache.server";
import { pageContent, sessions, users } from "../../database/schema";
import { createRealtimeHub } from "../../server/realtime";
import { createUser, requestAs, signIn, type TestUser } from "../support/accounts";
import { readingUntil } from "../support/read-until";
import { call, statusOf } from "../support/route-calls";
import { openEventStream } from "../support/sse";

// This process keeps the sessions it reads for a few seconds, as the server does once its hub
// listens (server/app.ts). A sign-out or demotion made by ANOTHER process (here: a write straight
// to the database, which this process's own request-end forgetting never sees) must still apply
// at the next request: the database announces it and the hub forgets the sessions
// (docs/decisions/038). Nothing of it reaches a browser.

const contentChanges: ChangeEvent[] = [];
let sessionsAnnounced = 0;
const hub = createRealtimeHub({
  onChange: (event) => {
    if (event) contentChanges.push(event);
  },
  onSessionsChanged: () => {
    sessionsAnnounced++;
    forgetSessionReads();
  },
});
const server = express().get("/realtime", hub.handle).listen(0, "127.0.0.1");
let base = "";

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await hub.ready;
  enableReadCache();
});

afterAll(async () => {
  await hub.close();
  server.close();
});

const overview = (user: TestUser) => call(overviewLoader, requestAs(user, "/admin/dashboard"));

/** Reads until a change shows, for at most 200 ms. */
const within200ms = readingUntil(200);

test("an editor demoted by another process is refused at the next request here", async () => {
  const editor = await createUser("editor");
  expect(statusOf(await overview(editor))).toBe(200); // the session is now kept
  await db.update(users).set({ role: "viewer" }).where(eq(users.id, editor.id));
  expect(
    statusOf(
      await within200ms(
        () => overview(editor),
        (r) => statusOf(r) === 403,
      ),
    ),
  ).toBe(403);
});

test("a sign-out, a deleted account and a cut-short session elsewhere apply at the next request", async () => {
  const [signedOut, deleted, cutShort] = await Promise.all([
    createUser("editor"),
    createUser("editor"),
    createUser("admin"),
  ]);
  for (const user of [signedOut, deleted, cutShort]) {
    expect(await getActor(requestAs(user, "/"))).toMatchObject({ id: user.id });
  }
  await db.delete(sessions).where(eq(sessions.userId, signedOut.id));
  await db.delete(users).where(eq(users.id, deleted.id));
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, cutShort.id));
  for (const user of [signedOut, deleted, cutShort]) {
    expect(
      await within200ms(
        () => getActor(requestAs(user, "/")),
        (actor) => actor === null,
      ),
    ).toBeNull();
  }
});

test("only what a session's reader keeps is announced, and never streamed to a browser", async () => {
  const [editor, admin] = await Promise.all([createUser("editor"), createUser("admin")]);
  const staff = await openEventStream(`${base}/realtime`, { cookie: admin.cookie });
  const visitor = await openEventStream(`${base}/realtime`);
  try {
    const before = sessionsAnnounced;
    // Extending a session (once a day) and a new sign-in are not news to the sessions kept.
    await db
      .update(sessions)
      .set({ expiresAt: sql`${sessions.expiresAt} + interval '1 day'` })
      .where(eq(sessions.userId, editor.id));
    await signIn(editor.email, editor.password);
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, editor.id));
    // A role change and a sign-out are.
    await db.update(users).set({ role: "viewer" }).where(eq(users.id, editor.id));
    await db.delete(sessions).where(eq(sessions.userId, editor.id));
    // A page text after them: the first thing either stream hears.
    await db
      .insert(pageContent)
      .values({ pagePath: "/", contentKey: "hero-title", contentValue: "بعد الجلسات" });
    for (const stream of [staff, visitor]) {
      const first = await stream.waitFor((event) => event.event === "message");
      expect(first.data).toMatchObject({ table: "page_content", key: "hero-title" });
    }
    expect(sessionsAnnounced - before).toBe(2);
    expect(contentChanges.map((event) => event.table)).not.toContain("sessions");
    expect(
      [...staff.events, ...visitor.events].filter((event) => event.event === "message"),
    ).toHaveLength(2);
  } finally {
    await Promise.all([staff.close(), visitor.close()]);
  }
});
