import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loader as rootLoader } from "~/root";
import { forgetSessionReads, isViewerSession } from "~/services/permissions.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enableReadCache } from "~/utils/read-cache.server";
import { sessions, users } from "../../database/schema";
import { createPageCache } from "../../server/page-cache";
import { createRealtimeHub } from "../../server/realtime";
import { createUser, type TestUser } from "../support/accounts";
import { readingUntil } from "../support/read-until";
import { dataOf, load } from "../support/route-calls";

/*
 * A viewer's public page is kept once for every viewer (docs/decisions/096): the real page cache
 * asks the real sessions (`isViewerSession`) and the page is the real root loader's data, which
 * is what differs between a signed-out reader, a viewer and staff. A promotion or a sign-out made
 * by another process (a write straight to the database) applies at the next request, as the hub
 * forgets the sessions it kept.
 */
const hub = createRealtimeHub({ onChange: () => {}, onSessionsChanged: forgetSessionReads });
const cache = createPageCache({
  secret: getEnv().AUTH_SECRET,
  isViewerSession,
  listsAt: () => [],
});
const app = express();
app.use(cache.middleware);
app.get("/{*path}", async (req, res) => {
  const request = new Request(`http://localhost:3000${req.originalUrl}`, {
    headers: { cookie: req.headers.cookie ?? "" },
  });
  const { user } = dataOf<{ user: unknown }>(await load(rootLoader, request));
  res.type("html").send(`<script type="application/json">${JSON.stringify({ user })}</script>`);
});
const server = app.listen(0, "127.0.0.1");

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  await hub.ready;
  enableReadCache();
});

afterAll(async () => {
  await hub.close();
  server.close();
});

/** A page as `user`'s browser (or a signed-out one) gets it: its root data and cache state. */
async function open(path: string, user: TestUser | null) {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { accept: "text/html", ...(user && { cookie: user.cookie }) },
  });
  const html = await response.text();
  return {
    cache: response.headers.get("x-cache"),
    html,
    user: JSON.parse(html.replace(/<\/?script[^>]*>/g, "")).user as { role: string } | null,
  };
}

/** Reads until a change made by another process shows, for at most 200 ms (decision 038). */
const within200ms = readingUntil(200);

test("two viewers get one kept page, with no name or e-mail in it; a signed-out reader another", async () => {
  const sara = await createUser("viewer", "سارة القحطاني");
  const fahad = await createUser("viewer", "فهد الدوسري");
  const first = await open("/about", sara);
  expect(first).toMatchObject({ cache: "MISS", user: { role: "viewer" } });
  const second = await open("/about", fahad);
  expect(second).toMatchObject({ cache: "HIT", user: { role: "viewer" } });
  for (const { html } of [first, second])
    for (const personal of [sara.fullName, sara.email, fahad.fullName, fahad.email, sara.id])
      expect(html).not.toContain(personal);
  expect(await open("/about", null)).toMatchObject({ cache: "MISS", user: null });
  expect(await open("/about", null)).toMatchObject({ cache: "HIT", user: null });
});

test("staff pages are rendered for each request, never kept", async () => {
  const editor = await createUser("editor");
  const admin = await createUser("admin");
  for (const member of [editor, admin, editor]) {
    const page = await open("/programs", member);
    expect(page).toMatchObject({ cache: null, user: { role: member.role } });
  }
  // Nor did their renders become the viewers' copy.
  expect(await open("/programs", await createUser("viewer"))).toMatchObject({
    cache: "MISS",
    user: { role: "viewer" },
  });
});

test("a viewer promoted by another process gets the staff page at the next request", async () => {
  const viewer = await createUser("viewer");
  await open("/services", viewer);
  expect(await open("/services", viewer)).toMatchObject({ cache: "HIT" });
  await db.update(users).set({ role: "editor" }).where(eq(users.id, viewer.id));
  const promoted = await within200ms(
    () => open("/services", viewer),
    (page) => page.cache === null,
  );
  expect(promoted.user).toEqual({ role: "editor" });
});

test("a viewer signed out by another process gets the signed-out reader's page", async () => {
  const viewer = await createUser("viewer");
  await open("/donate", viewer);
  expect(await open("/donate", viewer)).toMatchObject({ cache: "HIT", user: { role: "viewer" } });
  await db.delete(sessions).where(eq(sessions.userId, viewer.id));
  const ended = await within200ms(
    () => open("/donate", viewer),
    (page) => page.user === null,
  );
  // An ended session's cookie is rendered (as it is today), never given the viewers' copy.
  expect(ended.cache).toBeNull();
});
