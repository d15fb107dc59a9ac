import { expect, test } from "vitest";
import { getEnv } from "~/utils/env.server";
import {
  hasSignedCookie,
  hasSignedSessionCookie,
  TOAST_COOKIE,
} from "~/utils/session-cookie.server";
import { toastHeader } from "~/utils/toast.server";
import { createUser } from "../support/accounts";

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
