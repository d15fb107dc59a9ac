import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { SESSION_LIFETIME } from "~/services/auth.server";
import { forgetSessionReads, getActor } from "~/services/permissions.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enableReadCache } from "~/utils/read-cache.server";
import {
  hasSignedCookie,
  hasSignedSessionCookie,
  TOAST_COOKIE,
} from "~/utils/session-cookie.server";
import { toastHeader } from "~/utils/toast.server";
import { sessions, users } from "../../database/schema";
import { createUser, requestAs } from "../support/accounts";

test("a cookie better-auth signed is a session; forged or foreign ones are not", async () => {
  const secret = getEnv().AUTH_SECRET;
  const { cookie } = await createUser("viewer");
  expect(hasSignedSessionCookie(cookie, secret)).toBe(true);
  expect(hasSignedSessionCookie(`theme=dark; ${cookie}`, secret)).toBe(true);
  expect(hasSignedSessionCookie(`__Secure-${cookie}`, secret)).toBe(true);
  expect(hasSignedSessionCookie(cookie, "another-secret-that-is-long-enough-000")).toBe(false);

  const token = decodeURIComponent(cookie.split("=")[1]).split(".")[0];
  expect(hasSignedSessionCookie(`better-auth.session_token=${token}.forged`, secret)).toBe(false);
  expect(hasSignedSessionCookie("better-auth.session_token=x", secret)).toBe(false);
  expect(hasSignedSessionCookie("my_session_token=x", secret)).toBe(false);
  expect(hasSignedSessionCookie("better-auth.session_token=%E0%A4%A", secret)).toBe(false);
  expect(hasSignedSessionCookie(undefined, secret)).toBe(false);
});

test("a toast cookie React Router signed counts; a made-up one does not", async () => {
  const secret = getEnv().AUTH_SECRET;
  const setCookie = await toastHeader({ type: "success", title: "تم الحفظ" });
  const cookie = setCookie.split(";")[0];
  expect(hasSignedCookie(cookie, TOAST_COOKIE, secret)).toBe(true);
  expect(hasSignedCookie("rifq_toast=eyJ0b2FzdCI6MX0.forged", TOAST_COOKIE, secret)).toBe(false);
  expect(hasSignedCookie("rifq_toast=x", TOAST_COOKIE, secret)).toBe(false);
});

test("a live session is its user; an ended one is nobody; a day-old one is extended", async () => {
  const viewer = await createUser("viewer");
  const request = () => requestAs(viewer, "/profile");
  const token = decodeURIComponent(viewer.cookie.split("=")[1]).split(".")[0];
  const sessionRow = async () =>
    (await db.select().from(sessions).where(eq(sessions.token, token)))[0];

  expect(await getActor(request())).toMatchObject({ id: viewer.id, role: "viewer" });
  // The role is read with the session: a change applies at the next request.
  await db.update(users).set({ role: "editor" }).where(eq(users.id, viewer.id));
  expect((await getActor(request()))?.role).toBe("editor");

  // Used after more than a day, the session is extended to a full week again.
  const { expiresIn, updateAge } = SESSION_LIFETIME;
  const dayOld = new Date(Date.now() + (expiresIn - updateAge - 60) * 1000);
  await db.update(sessions).set({ expiresAt: dayOld }).where(eq(sessions.token, token));
  expect((await getActor(request()))?.id).toBe(viewer.id);
  const extended = (await sessionRow())?.expiresAt.getTime() ?? 0;
  expect(extended).toBeGreaterThan(Date.now() + (expiresIn - 60) * 1000);

  // Expired: nobody, and the row is gone; a signed-out (deleted) session is nobody at once.
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.token, token));
  expect(await getActor(request())).toBeNull();
  expect(await sessionRow()).toBeUndefined();

  const other = await createUser("admin");
  await db.delete(sessions).where(eq(sessions.userId, other.id));
  expect(await getActor(requestAs(other, "/profile"))).toBeNull();
});

test("the server keeps a session read a few seconds; a request that may write forgets it", async () => {
  // As in the server process (server/app.ts); the other tests of this file ran without it.
  enableReadCache();
  const viewer = await createUser("viewer");
  const request = () => requestAs(viewer, "/profile");
  expect((await getActor(request()))?.role).toBe("viewer");

  // Changed behind the server's back (another process): the kept read answers for now…
  await db.update(users).set({ role: "editor" }).where(eq(users.id, viewer.id));
  expect((await getActor(request()))?.role).toBe("viewer");
  // …and no longer once a request that may write has ended (server/after-writes.ts).
  forgetSessionReads();
  expect((await getActor(request()))?.role).toBe("editor");

  await db.delete(sessions).where(eq(sessions.userId, viewer.id));
  forgetSessionReads();
  expect(await getActor(request())).toBeNull();
});
